// typst.app's page-side contribution: the handlers the MAIN runtime runs for the
// worker on this site.
import type { PageContext } from '../../../shared/protocol/page-context';
import { MAX_DOCUMENT_CHARS } from '../../../shared/protocol/limits';
import { isTypstUrl } from '../typst-site';
import { findEditorView } from './editor-view';
import { readFileIdentity } from './file-identity';

export const typstPageSite = {
  id: 'typst' as const,
  matches: (url: string) => isTypstUrl(url),
  getContext(): PageContext {
    const found = findEditorView();
    const identity = readFileIdentity();
    let editor: PageContext['editor'] = null;
    if (found) {
      const doc = found.view.state.doc;
      // Documents above the bridge's cap are reported by size only: truncating
      // silently would let a later edit be prepared against the wrong text.
      const text = doc.length <= MAX_DOCUMENT_CHARS ? doc.toString() : '';
      editor = {
        viewToken: found.token,
        text,
        length: doc.length,
        lineCount: doc.lines,
        backReference: found.backReference,
      };
    }
    return {
      siteId: 'typst',
      url: location.href.slice(0, 2_048),
      title: document.title.slice(0, 512),
      fileLabel: identity?.path ?? null,
      editor,
    };
  },
};
