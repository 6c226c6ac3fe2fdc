// Handlers of the read methods in one frame. Refs come from the frame's one registry,
// shared with the accessibility tree, so a ref find_text returns is the ref the tree
// shows for the same element.
import type { RequestChannel, RequestHandlers } from '../../../../shared/protocol/define-channel';
import type { IsolatedFrame } from '../../../../page/kit/isolated-site';
import type { readMethods } from '../../methods/read-methods';
import type { RefRegistry } from '../tree/refs';
import { extractData } from './extract-data';
import { findText } from './find-text';
import { shadowOpener, type WalkStats } from './flat-tree';
import { createPageReader } from './read-page';
import { readSelection } from './selection';
import { waitStable } from './wait-stable';
import { windowInfo } from './window-info';

type Channel = RequestChannel<typeof readMethods>;

const here = () => ({ url: location.href.slice(0, 2_048), title: document.title.slice(0, 512) });

/** What a walk covered and left out, as the model reads it (without the node count). */
const coverageOf = ({ visited: _visited, ...coverage }: WalkStats) => coverage;

export function startReadHandlers(
  signal: AbortSignal,
  _frame: IsolatedFrame,
  refs: RefRegistry,
): RequestHandlers<Channel> {
  const open = shadowOpener();
  const reader = createPageReader(signal, open);
  return {
    'web/read-page': ({ offset, maxChars }) => {
      const answer = reader.read(offset, maxChars);
      const { page, stats } = answer;
      return {
        url: here().url,
        title: page.title.slice(0, 512),
        byline: page.byline,
        siteName: page.siteName,
        lang: page.lang?.slice(0, 35) ?? null,
        source: page.source,
        markdown: answer.slice,
        offset: answer.offset,
        nextOffset: answer.nextOffset,
        totalChars: answer.totalChars,
        textCut: answer.textCut,
        reread: answer.reread,
        coverage: coverageOf(stats),
      };
    },
    'web/extract-data': ({ kinds }) => {
      const { stats, ...sections } = extractData(kinds, open);
      return {
        ...here(),
        coverage: coverageOf(stats),
        ...sections,
      };
    },
    'web/find-text': (request) => ({ url: here().url, ...findText(request, refs, open) }),
    'web/get-selection': () => ({ url: here().url, ...readSelection(refs, open) }),
    'web/window-info': () => windowInfo(refs, open),
    'web/wait-stable': (request, context) =>
      waitStable(request, AbortSignal.any([signal, context.signal])),
  };
}
