// Pure parts of the quick-attach layer: reading the anchors the MAIN world
// publishes (hostile input: the page can forge the event) and clamping a button
// into the viewport (8 px inside every edge).
export { ANCHORS_EVENT, ANCHORS_REQUEST_EVENT } from '../../shared/protocol/quick-attach-events';

/** Buttons stay this far inside the viewport. */
export const VIEWPORT_MARGIN_PX = 8;
/** Anything longer than this is not an anchors message. */
const MAX_DETAIL_CHARS = 512;
const MAX_COORDINATE = 1_000_000;

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** The vertical extent of the selected lines, which the toolbar must leave visible. */
export interface Band {
  readonly top: number;
  readonly bottom: number;
}

export interface Anchors {
  readonly selection: Point | null;
  readonly image: Point | null;
  /** Absent from a site that does not say where its selection lies. */
  readonly selectionBand?: Band | null;
}

export const NO_ANCHORS: Anchors = { selection: null, image: null };

function band(value: unknown): Band | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { top, bottom, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return undefined;
  const ok = (n: unknown): n is number =>
    typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= MAX_COORDINATE;
  return ok(top) && ok(bottom) && bottom >= top ? { top, bottom } : undefined;
}

function point(value: unknown): Point | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { x, y, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return undefined;
  const ok = (n: unknown): n is number =>
    typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= MAX_COORDINATE;
  return ok(x) && ok(y) ? { x, y } : undefined;
}

/** The anchors in an event detail, or null when the detail is not a well-formed anchors message. */
export function parseAnchors(detail: unknown): Anchors | null {
  if (typeof detail !== 'string' || detail.length > MAX_DETAIL_CHARS) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(detail);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const { selection, image, selectionBand, ...rest } = raw as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return null;
  const parsedSelection = point(selection);
  const parsedImage = point(image);
  const parsedBand = band(selectionBand);
  if (parsedSelection === undefined || parsedImage === undefined || parsedBand === undefined)
    return null;
  return {
    selection: parsedSelection,
    image: parsedImage,
    ...(parsedBand ? { selectionBand: parsedBand } : {}),
  };
}

/** Top-left of a `width`×`height` button at `anchor`, clamped 8 px inside the viewport. */
export function placeButton(
  anchor: Point,
  size: { readonly width: number; readonly height: number },
  viewport: { readonly width: number; readonly height: number },
): { left: number; top: number } {
  const clamp = (value: number, extent: number, limit: number) =>
    Math.max(VIEWPORT_MARGIN_PX, Math.min(value, limit - extent - VIEWPORT_MARGIN_PX));
  return {
    left: Math.round(clamp(anchor.x, size.width, viewport.width)),
    top: Math.round(clamp(anchor.y, size.height, viewport.height)),
  };
}

/** The toolbar sits this far from the selected lines. */
export const TOOLBAR_GAP_PX = 6;

/**
 * Top-left of the quick-actions toolbar: below the selected lines, or above them when
 * there is no room below, never over them; starting at `x`, clamped into the viewport.
 * Only a selection taller than the viewport leaves no free side: then it sits at the
 * viewport's bottom edge, over the part of the selection scrolled furthest.
 */
export function placeToolbar(
  x: number,
  lines: Band,
  size: { readonly width: number; readonly height: number },
  viewport: { readonly width: number; readonly height: number },
): { left: number; top: number } {
  const limitTop = viewport.height - size.height - VIEWPORT_MARGIN_PX;
  const below = lines.bottom + TOOLBAR_GAP_PX;
  const above = lines.top - TOOLBAR_GAP_PX - size.height;
  const top = below <= limitTop ? below : above >= VIEWPORT_MARGIN_PX ? above : limitTop;
  const left = Math.max(
    VIEWPORT_MARGIN_PX,
    Math.min(x, viewport.width - size.width - VIEWPORT_MARGIN_PX),
  );
  return { left: Math.round(left), top: Math.round(Math.max(VIEWPORT_MARGIN_PX, top)) };
}
