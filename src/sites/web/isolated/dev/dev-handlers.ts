// The Dev methods of one frame: the page's source in pages and one element's styles.
// Refs come from the same per-document registry the tree hands out.
import type { RequestChannel, RequestHandlers } from '../../../../shared/protocol/define-channel';
import { MAX_TITLE_CHARS } from '../../../../shared/protocol/limits';
import type { devMethods } from '../../methods/dev-methods';
import type { RefRegistry } from '../tree/refs';
import { elementStyles } from './element-styles';
import { maskedSource, sourcePage } from './page-source';

type Channel = RequestChannel<typeof devMethods>;

export function startDevHandlers(refs: RefRegistry): RequestHandlers<Channel> {
  return {
    'web/page-source': ({ page, pageChars }) => {
      const { html, masked } = maskedSource(document);
      return {
        url: location.href.slice(0, 2_048),
        title: document.title.slice(0, MAX_TITLE_CHARS),
        ...sourcePage(html, page, pageChars),
        totalChars: html.length,
        maskedValues: masked,
      };
    },
    'web/element-styles': ({ ref, properties }) => {
      const element = refs.elementOf(ref);
      return element ? elementStyles(element, properties) : { status: 'gone' as const };
    },
  };
}
