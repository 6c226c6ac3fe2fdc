// ## Owns
// The Ask-mode review surface over a document page's editor: a read-only diff drawn in
// a fixed layer appended to document.body and positioned over the editor's scroll
// area. It follows scroll and resize through animation frames, says "document
// changed" once the editor's document object is replaced, and is removed on every
// exit path (clear, a newer review, safety timeout, page unload).
// ## Never
// Touches the editor's DOM or decorates editor lines, or turns diff text into markup:
// every row is set with textContent, so hostile document text stays inert.
import type { DiffView } from '../../shared/protocol/diff-view';
import type { DocumentHost, DocumentText } from './document-host';
import { overlayPalette, paintedBackground, type OverlayPalette } from './review-overlay-theme';

export const OVERLAY_ID = 'side-agent-review-overlay';
const MAX_OVERLAY_ROWS = 2_000;
/** The worker clears the overlay; this only bounds a worker that vanished mid-review. */
const SAFETY_TIMEOUT_MS = 6 * 60_000;
const Z_INDEX = '2147483000';

interface ActiveReview {
  readonly reviewId: string;
  readonly root: HTMLElement;
  readonly doc: DocumentText;
  readonly controller: AbortController;
}

let active: ActiveReview | null = null;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  style: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.style.cssText = style;
  if (text !== undefined) node.textContent = text;
  return node;
}

function renderRows(diff: DiffView, body: HTMLElement, palette: OverlayPalette): void {
  let rendered = 0;
  for (const hunk of diff.hunks) {
    if (rendered >= MAX_OVERLAY_ROWS) break;
    body.append(
      element(
        'div',
        'opacity:.7;padding:2px 8px',
        `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
      ),
    );
    for (const row of hunk.rows) {
      if (rendered >= MAX_OVERLAY_ROWS) break;
      rendered += 1;
      const colour =
        row.kind === 'insert'
          ? palette.insert
          : row.kind === 'delete'
            ? palette.delete
            : 'transparent';
      const line = element(
        'div',
        `display:flex;background:${colour};white-space:pre-wrap;overflow-wrap:anywhere`,
      );
      const oldNumber = row.kind === 'insert' ? '' : String(row.oldLine);
      const newNumber = row.kind === 'delete' ? '' : String(row.newLine);
      const marker = row.kind === 'insert' ? '+' : row.kind === 'delete' ? '-' : ' ';
      line.append(
        element('span', 'flex:0 0 4.5em;text-align:right;opacity:.6;padding-right:4px', oldNumber),
        element('span', 'flex:0 0 4.5em;text-align:right;opacity:.6;padding-right:4px', newNumber),
        element('span', 'flex:0 0 1.5em;text-align:center', marker),
        element('span', 'flex:1 1 auto', row.text),
      );
      body.append(line);
    }
  }
  const total = diff.hunks.reduce((sum, hunk) => sum + hunk.rows.length, 0);
  if (rendered < total || diff.truncated) {
    body.append(
      element(
        'div',
        'padding:6px 8px;font-style:italic',
        'The diff is too long to show here in full; the panel shows the review.',
      ),
    );
  }
}

/** Removes the overlay if `reviewId` owns it (any id when omitted). */
export function clearReviewOverlay(reviewId?: string): boolean {
  if (!active || (reviewId !== undefined && active.reviewId !== reviewId)) return false;
  active.controller.abort();
  active.root.remove();
  active = null;
  return true;
}

/** Shows `diff` over the editor whose token is `viewToken`; false when that editor is gone. */
export function showReviewOverlay(
  host: DocumentHost,
  reviewId: string,
  viewToken: string,
  diff: DiffView,
): boolean {
  clearReviewOverlay();
  const editor = host.editor();
  if (!editor || editor.token !== viewToken) return false;
  const controller = new AbortController();
  const root = element('div', `position:fixed;inset:0;pointer-events:none;z-index:${Z_INDEX}`);
  root.id = OVERLAY_ID;
  root.dataset['reviewId'] = reviewId;
  const content = getComputedStyle(editor.content);
  const palette = overlayPalette(
    paintedBackground(editor.surface),
    matchMedia('(prefers-color-scheme: dark)').matches,
  );
  root.dataset['scheme'] = palette.scheme;
  const surface = element(
    'div',
    `position:fixed;pointer-events:auto;overflow:auto;box-sizing:border-box;background:${palette.background};color:${palette.text};` +
      `font-family:${content.fontFamily};font-size:${content.fontSize};line-height:${content.lineHeight === 'normal' ? '18px' : content.lineHeight};` +
      `border:1px solid ${palette.border}`,
  );
  surface.setAttribute('role', 'region');
  surface.setAttribute('aria-label', 'Proposed change (read-only)');
  const header = element(
    'div',
    `position:sticky;top:0;background:inherit;padding:4px 8px;font-weight:600;border-bottom:1px solid ${palette.border}`,
  );
  header.textContent = `${diff.fileLabel}  +${diff.additions} −${diff.deletions}  · review in the side panel`;
  const stale = element(
    'div',
    `display:none;padding:4px 8px;background:${palette.staleBackground};color:${palette.staleText}`,
    'The document changed: this proposal is stale and will be refused.',
  );
  stale.dataset['role'] = 'stale';
  const body = element('div', '');
  renderRows(diff, body, palette);
  surface.append(header, stale, body);
  root.append(surface);
  document.body.append(root);
  active = { reviewId, root, doc: editor.document(), controller };

  // Follows the editor's scroller: re-laid out every frame while shown (cheap: one rect read).
  const layout = () => {
    if (controller.signal.aborted) return;
    const current = host.editor();
    if (!current || current.token !== viewToken || !editor.surface.isConnected) {
      root.style.display = 'none';
    } else {
      const rect = editor.surface.getBoundingClientRect();
      Object.assign(surface.style, {
        left: `${rect.left}px`,
        top: `${rect.top}px`,
        width: `${rect.width}px`,
        height: `${rect.height}px`,
      });
      root.style.display = '';
    }
    if (active?.reviewId === reviewId && current?.document() !== active.doc)
      stale.style.display = '';
    requestAnimationFrame(layout);
  };
  layout();
  const timer = window.setTimeout(() => clearReviewOverlay(reviewId), SAFETY_TIMEOUT_MS);
  controller.signal.addEventListener('abort', () => window.clearTimeout(timer), { once: true });
  window.addEventListener('pagehide', () => clearReviewOverlay(reviewId), {
    once: true,
    signal: controller.signal,
  });
  return true;
}
