// ## Owns
// The MAIN-world handlers of the typst.app page methods (`page/typst-*`). main.ts
// spreads this map into its exhaustive handler map; each handler reads the page
// through the adapters in this folder.
// ## Why
// Parsed results that depend on one observed root (the Files tree) are cached per
// root generation from page-activity, so repeated probes while a tool waits cost a
// counter comparison, not a DOM walk.
import type { RequestHandlers } from '../../../shared/protocol/define-channel';
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import type { TypstPageMethod, WorkerToPage } from '../../../shared/protocol/worker-to-page';
import { isTypstUrl } from '../typst-site';
import { capture, findOpenedImage, findVisiblePreviewCanvas } from './capture';
import { findImproveRegion, readDiagnostics } from './diagnostics';
import { findEditorView } from './editor-view';
import { readFileIdentity } from './file-identity';
import { findFilesRegion, readFilesTree, type FilesTree } from './files-tree';
import { commitGuarded, readEditSnapshot } from './guarded-commit';
import { startPageActivity } from './page-activity';
import { startQuickAttachAnchors } from './quick-attach-anchors';
import { readNumberedLines } from './read-document';
import { clearReviewOverlay, showReviewOverlay } from './review-overlay';
import { ASSET_PATH_LABEL } from './selectors';

export type TypstPageHandlers = Pick<RequestHandlers<WorkerToPage>, TypstPageMethod>;

const MAX_SELECTION_CHARS = 65_536;

function requireTypst(): void {
  if (!isTypstUrl(location.href))
    throw new ProtocolFailure('NOT_TYPST_TAB', 'This page is not typst.app.');
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
  // Where the isolated world draws the floating quick-attach buttons (study CTX-11).
  startQuickAttachAnchors(signal);
  signal.addEventListener('abort', () => clearReviewOverlay(), { once: true });
  addEventListener('pagehide', () => clearReviewOverlay(), { signal });
  let tree: { generation: number; value: FilesTree } | null = null;

  return {
    'page/typst-identity': () => {
      requireTypst();
      const found = findEditorView();
      return {
        file: readFileIdentity(),
        editor: found !== null,
        viewToken: found?.token ?? null,
        assetPath: found ? null : readAssetPath(),
      };
    },
    'page/typst-capabilities': () => {
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
    'page/typst-read-document': (request) => {
      const { view } = requireView();
      return readNumberedLines(view.state.doc, view.state.selection.main.head, request);
    },
    'page/typst-structure': () => {
      requireTypst();
      const generation = activity.filesGeneration();
      if (tree?.generation !== generation) tree = { generation, value: readFilesTree() };
      return tree.value;
    },
    'page/typst-diagnostics': () => {
      requireTypst();
      const view = findEditorView()?.view ?? null;
      return {
        ...readDiagnostics(view, readFileIdentity()?.path ?? null),
        compileIdle: activity.compileIdle(),
      };
    },
    'page/typst-selection': () => {
      const { view } = requireView();
      const { anchor, head, from, to } = view.state.selection.main;
      const end = Math.min(to, from + MAX_SELECTION_CHARS);
      return {
        anchor,
        head,
        text: view.state.doc.sliceString(from, end),
        truncated: end < to,
        fileLabel: readFileIdentity()?.path ?? null,
      };
    },
    'page/typst-capture': ({ kind }) => {
      requireTypst();
      return capture(kind);
    },
    'page/typst-snapshot': () => {
      requireTypst();
      return readEditSnapshot();
    },
    'page/typst-commit': ({ expected, changes }) => {
      requireTypst();
      return commitGuarded(expected, changes);
    },
    'page/typst-show-review': ({ reviewId, viewToken, diff }) => {
      requireTypst();
      return { shown: showReviewOverlay(reviewId, viewToken, diff) };
    },
    'page/typst-clear-review': ({ reviewId }) => ({ cleared: clearReviewOverlay(reviewId) }),
  };
}
