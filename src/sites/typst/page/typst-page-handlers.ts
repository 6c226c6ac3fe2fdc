// ## Owns
// The MAIN-world handlers of typst.app's page methods (`typst/*`); each reads the page
// through the adapters in this folder. Edits go through the site-neutral document
// methods over typst-document.ts.
// ## Why
// Parsed results that depend on one observed root (the Files tree) are cached per
// root generation from page-activity, so repeated probes while a tool waits cost a
// counter comparison, not a DOM walk.
import type { RequestChannel, RequestHandlers } from '../../../shared/protocol/define-channel';
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import type { typstPageMethods } from '../typst-page-methods';
import { isTypstUrl } from '../typst-urls';
import { capture, findOpenedImage, findVisiblePreviewCanvas } from './capture';
import { findImproveRegion, readDiagnostics } from './diagnostics';
import { findEditorView } from './editor-view';
import { readFileIdentity } from './file-identity';
import { findFilesRegion, readFilesTree, type FilesTree } from './files-tree';
import { startPageActivity } from './page-activity';
import { startGhostText } from './ghost/ghost-text';
import { startQuickAttachAnchors } from './quick-attach-anchors';
import { typstDocument } from './typst-document';
import { readNumberedLines } from './read-document';
import { ASSET_PATH_LABEL } from './selectors';

export type TypstPageHandlers = RequestHandlers<RequestChannel<typeof typstPageMethods>>;

const MAX_SELECTION_CHARS = 65_536;

function requireTypst(): void {
  if (!isTypstUrl(location.href))
    throw new ProtocolFailure('SITE_NOT_ACTIVE', 'This page is not a typst.app page.');
}

function requireView() {
  requireTypst();
  const found = findEditorView();
  if (!found) throw new ProtocolFailure('PAGE_NO_EDITOR', 'No text editor is open on the page.');
  return found;
}

/** The asset view's "Path:" value, read from the small label list of that view. */
function readAssetPath(): string | null {
  for (const label of Array.from(document.querySelectorAll('dt, th'))) {
    if (label.textContent?.trim() !== ASSET_PATH_LABEL) continue;
    const value = label.nextElementSibling?.textContent?.trim() ?? '';
    if (value.length >= 2 && value.length <= 240) return value;
  }
  return null;
}

/** Builds the handlers; `signal` ends the change tracking when the runtime is disposed. */
export function createTypstPageHandlers(signal: AbortSignal): TypstPageHandlers {
  const activity = startPageActivity(signal);
  // Where the isolated world draws the floating quick-attach buttons.
  startQuickAttachAnchors(signal);
  // Inline completion: typing pauses out, ghost text in.
  const ghost = startGhostText({ signal, host: typstDocument });
  let tree: { generation: number; value: FilesTree } | null = null;

  return {
    'typst/identity': () => {
      requireTypst();
      const found = findEditorView();
      return {
        file: readFileIdentity(),
        editor: found !== null,
        viewToken: found?.token ?? null,
        assetPath: found ? null : readAssetPath(),
        selection: found
          ? {
              anchor: found.view.state.selection.main.anchor,
              head: found.view.state.selection.main.head,
            }
          : null,
      };
    },
    'typst/capabilities': () => {
      requireTypst();
      const found = findEditorView();
      const selection = found?.view.state.selection.main;
      return {
        editor: found !== null,
        selection: selection !== undefined && selection.from !== selection.to,
        filesPanel: findFilesRegion() !== null,
        improvePanel: findImproveRegion() !== null,
        preview: findVisiblePreviewCanvas() !== null,
        openedImage: found === null && findOpenedImage() !== null,
      };
    },
    'typst/read-document': (request) => {
      const { view } = requireView();
      return readNumberedLines(view.state.doc, view.state.selection.main.head, request);
    },
    'typst/structure': () => {
      requireTypst();
      const generation = activity.filesGeneration();
      if (tree?.generation !== generation) tree = { generation, value: readFilesTree() };
      return tree.value;
    },
    'typst/diagnostics': () => {
      requireTypst();
      const view = findEditorView()?.view ?? null;
      return {
        ...readDiagnostics(view, readFileIdentity()?.path ?? null),
        compileIdle: activity.compileIdle(),
      };
    },
    'typst/selection': () => {
      const { view } = requireView();
      const { anchor, head, from, to } = view.state.selection.main;
      const end = Math.min(to, from + MAX_SELECTION_CHARS);
      return {
        anchor,
        head,
        text: view.state.doc.sliceString(from, end),
        truncated: end < to,
        fileLabel: readFileIdentity()?.path ?? null,
        // A selection that ends at a line's start does not take in that line.
        fromLine: view.state.doc.lineAt(from).number,
        toLine: view.state.doc.lineAt(to > from ? to - 1 : to).number,
        totalChars: to - from,
      };
    },
    'typst/capture': ({ kind }) => {
      requireTypst();
      return capture(kind);
    },
    'typst/completion-context': ({ pauseId }) => {
      requireTypst();
      return ghost.context(pauseId);
    },
    'typst/completion-show': ({ pauseId, text }) => {
      requireTypst();
      return { shown: ghost.show(pauseId, text) };
    },
  };
}
