// ## Owns
// Where the floating quick-attach buttons belong on typst.app:
// the end of a non-empty editor selection, and the top-right of the opened image.
// The MAIN world computes these points because only it can reach CodeMirror's
// EditorView (`coordsAtPos`); the isolated world draws and handles the buttons
// (src/page/isolated/quick-attach-layer.ts), because only it can message the worker
// with the click's user gesture.
// ## Why a DOM event with a JSON string
// Objects do not cross worlds, strings in a CustomEvent's detail do. The page can
// see and forge these events; the worst it can do is move the buttons, and a click
// on them only adds what the user could add with "+ Add".
// ## Never
// Polls: updates follow selection, input, scroll, resize and shell mutations
//, coalesced into one animation frame, and are sent only on change.
import { ANCHORS_EVENT, ANCHORS_REQUEST_EVENT } from '../../../shared/protocol/quick-attach-events';
import { findOpenedImage } from './capture';
import { findEditorView, type EditorViewLike } from './editor-view';

export { ANCHORS_EVENT, ANCHORS_REQUEST_EVENT } from '../../../shared/protocol/quick-attach-events';
/** The selection button sits 6 px right of the selection end. */
export const SELECTION_GAP_PX = 6;
/** The image button sits 8 px right of / below the image's top-right corner. */
export const IMAGE_GAP_PX = 8;

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Anchors {
  readonly selection: Point | null;
  readonly image: Point | null;
  /** Top of the first and bottom of the last selected line, for the quick-actions toolbar. */
  readonly selectionBand?: { readonly top: number; readonly bottom: number } | null;
}

interface Rect {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

type ViewWithCoords = EditorViewLike & { coordsAtPos?(pos: number, side?: -1 | 1): Rect | null };

const inside = (x: number, y: number, box: Rect) =>
  x >= box.left - 1 && x <= box.right + 1 && y >= box.top - 1 && y <= box.bottom + 1;

/** The selection button's point, or null when the selection is empty or scrolled out of view. */
export function selectionAnchor(view: ViewWithCoords): Point | null {
  const { from, to } = view.state.selection.main;
  if (from === to || typeof view.coordsAtPos !== 'function') return null;
  const coords = view.coordsAtPos(to, -1) ?? view.coordsAtPos(to, 1);
  if (!coords) return null;
  // The selection end scrolled out of the editor: no button floating over other UI.
  if (!inside(coords.right, coords.top, view.scrollDOM.getBoundingClientRect())) return null;
  return { x: Math.round(coords.right + SELECTION_GAP_PX), y: Math.round(coords.top) };
}

/** The image button's point, or null when no image is open. */
export function imageAnchor(image: Element | null): Point | null {
  if (!image) return null;
  const rect = image.getBoundingClientRect();
  return { x: Math.round(rect.right + IMAGE_GAP_PX), y: Math.round(rect.top + IMAGE_GAP_PX) };
}

/** The selected lines' vertical extent (clamped to the editor), or null without a selection. */
export function selectionBand(view: ViewWithCoords): { top: number; bottom: number } | null {
  const { from, to } = view.state.selection.main;
  if (from === to || typeof view.coordsAtPos !== 'function') return null;
  const box = view.scrollDOM.getBoundingClientRect();
  const start = view.coordsAtPos(from, 1) ?? view.coordsAtPos(from, -1);
  const end = view.coordsAtPos(to, -1) ?? view.coordsAtPos(to, 1);
  // An end scrolled out of the editor counts as the editor's edge.
  const top = start ? Math.max(start.top, box.top) : box.top;
  const bottom = end ? Math.min(end.bottom, box.bottom) : box.bottom;
  return bottom >= top ? { top: Math.round(top), bottom: Math.round(bottom) } : null;
}

export function readAnchors(): Anchors {
  const found = findEditorView();
  const view = found ? (found.view as ViewWithCoords) : null;
  const selection = view ? selectionAnchor(view) : null;
  return {
    selection,
    image: imageAnchor(findOpenedImage()),
    selectionBand: view && selection ? selectionBand(view) : null,
  };
}

/** Starts publishing anchors until `signal` aborts; `read` is a seam for tests. */
export function startQuickAttachAnchors(
  signal: AbortSignal,
  read: () => Anchors = readAnchors,
): { flush(): void } {
  let frame: number | null = null;
  let last = '';

  const publish = (force: boolean) => {
    frame = null;
    if (signal.aborted) return;
    const detail = JSON.stringify(read());
    if (!force && detail === last) return;
    last = detail;
    document.dispatchEvent(new CustomEvent(ANCHORS_EVENT, { detail }));
  };
  const schedule = () => {
    if (frame !== null || signal.aborted) return;
    // Hidden tabs get no frames and show no buttons; the next visibilitychange updates.
    if (document.hidden) return;
    frame = requestAnimationFrame(() => publish(false));
  };

  const options = { capture: true, passive: true, signal };
  for (const type of ['selectionchange', 'input', 'keyup', 'pointerup', 'visibilitychange'])
    document.addEventListener(type, schedule, options);
  // An image finishing loading changes its size; `load` does not bubble, capture sees it.
  document.addEventListener('load', schedule, options);
  window.addEventListener('resize', schedule, options);
  window.addEventListener('scroll', schedule, options);
  window.addEventListener('popstate', schedule, options);
  window.addEventListener('hashchange', schedule, options);
  document.addEventListener(ANCHORS_REQUEST_EVENT, () => publish(true), { signal });
  // Opening or closing an image (or a file) replaces shell nodes; editor-internal
  // mutations are covered by the selection and input events above.
  const shell = new MutationObserver((records) => {
    if (
      records.some(
        (record) => !(record.target instanceof Element && record.target.closest('.cm-editor')),
      )
    )
      schedule();
  });
  const observe = () =>
    shell.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['src', 'hidden'],
    });
  if (document.body) observe();
  else document.addEventListener('DOMContentLoaded', observe, { once: true, signal });
  signal.addEventListener(
    'abort',
    () => {
      shell.disconnect();
      if (frame !== null) cancelAnimationFrame(frame);
      // Hide the buttons of this (disposed) runtime; a newer one publishes its own.
      document.dispatchEvent(
        new CustomEvent(ANCHORS_EVENT, {
          detail: JSON.stringify({ selection: null, image: null }),
        }),
      );
    },
    { once: true },
  );
  schedule();
  return { flush: () => publish(true) };
}
