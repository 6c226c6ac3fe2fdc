// typst.app's document as the site-neutral document code sees it: the CodeMirror view
// found from the DOM, the open file from the header, and the project from the URL.
import type { DocumentEditor, DocumentHost } from '../../../page/kit/document-host';
import { typstProjectId } from '../typst-urls';
import { findEditorView } from './editor-view';
import { readFileIdentity } from './file-identity';

function editorOf(): DocumentEditor | null {
  const found = findEditorView();
  if (!found) return null;
  const { view, token } = found;
  return {
    token,
    document: () => view.state.doc,
    selection: () => ({
      anchor: view.state.selection.main.anchor,
      head: view.state.selection.main.head,
    }),
    // Plain objects: the page's CodeMirror builds its own ChangeSet from them.
    dispatch: (changes, options) =>
      view.dispatch({
        changes: changes.map(({ from, to, insert }) => ({ from, to, insert })),
        ...(options?.cursor === undefined ? {} : { selection: { anchor: options.cursor } }),
        userEvent: 'input.side-agent',
      }),
    surface: view.scrollDOM,
    content: view.contentDOM,
  };
}

export const typstDocument: DocumentHost = {
  editor: editorOf,
  fileLabel: () => readFileIdentity()?.path ?? null,
  scopeKey: () => typstProjectId(location.href),
};
