// ## Owns
// The style tests behind the visibility model (visibility.ts): each answers one
// question about one computed style or box, reads nothing else and keeps no state, so
// the step that combines them stays short and the tests can hit each rule alone.

/** Below this effective opacity (the product along the ancestors) a box is invisible. */
export const MIN_OPACITY = 0.1;
/** A box clipped to less than this in either direction shows nothing readable. */
export const MIN_CLIPPED_SIZE = 2;
/** A text indent further left than this pushes text out of view (the old "-9999px"). */
const MIN_TEXT_INDENT = -999;

/** A colour with zero alpha: `transparent`, `rgba(…, 0)`, `rgb(… / 0%)`. */
export function isTransparentColor(color: string): boolean {
  if (color === 'transparent') return true;
  const inner = /^rgba?\((.*)\)$/.exec(color.trim())?.[1];
  if (inner === undefined) return false;
  const alpha = inner.split(/[\s,/]+/).filter(Boolean)[3];
  return alpha !== undefined && parseFloat(alpha) === 0;
}

/** Whether text styled by `style` can be read: a readable size, a colour, not indented away. */
export function textShows(style: CSSStyleDeclaration): boolean {
  return (
    !(parseFloat(style.fontSize) < 1) &&
    !isTransparentColor(style.color) &&
    !(parseFloat(style.textIndent) < MIN_TEXT_INDENT)
  );
}

const clipsOverflow = (style: CSSStyleDeclaration) =>
  [style.overflowX, style.overflowY, style.overflow].some(
    (value) => value !== '' && value !== undefined && value !== 'visible',
  );

/** `clip: rect(0 0 0 0)` and friends (only positioned boxes are clipped by it). */
function clipRectHides(style: CSSStyleDeclaration): boolean {
  const match = /^rect\(([^)]*)\)$/.exec(style.clip.trim());
  if (!match?.[1]) return false;
  const [top, right, bottom, left] = match[1]
    .split(/[\s,]+/)
    .map((part) => (part === 'auto' ? NaN : parseFloat(part)));
  if ([top, right, bottom, left].some((value) => value === undefined || Number.isNaN(value)))
    return false;
  return (
    (right as number) - (left as number) < MIN_CLIPPED_SIZE ||
    (bottom as number) - (top as number) < MIN_CLIPPED_SIZE
  );
}

/** `clip-path: inset(50%)`, `circle(0)` and the like, which cut the box to nothing. */
function clipPathHides(clipPath: string): boolean {
  const inset = /^inset\(\s*([\d.]+)%/.exec(clipPath);
  if (inset?.[1] && parseFloat(inset[1]) >= 50) return true;
  return /^(circle|ellipse)\(\s*0(px|%)?[\s)]/.test(clipPath);
}

/**
 * Whether the box is clipped to (almost) nothing: under 2 px in a direction with its
 * overflow, `clip` or `clip-path` cutting it there (the "screen-reader only" pattern,
 * a panel collapsed to height 0), a clip rectangle or clip path that keeps nothing,
 * or a zero box that a transform scaled away.
 */
export function isClipped(
  style: CSSStyleDeclaration,
  rect: DOMRect,
  display: string,
  position: string,
): boolean {
  const clipPath = style.clipPath.trim();
  const hasClipPath = clipPath !== '' && clipPath !== 'none';
  if (hasClipPath && clipPathHides(clipPath)) return true;
  const positioned = position === 'absolute' || position === 'fixed';
  if (positioned && clipRectHides(style)) return true;
  if (rect.width >= MIN_CLIPPED_SIZE && rect.height >= MIN_CLIPPED_SIZE) return false;
  // Overflow does not clip an inline box; a clip path or clip rectangle does.
  if (display !== 'inline' && clipsOverflow(style)) return true;
  if (hasClipPath || (positioned && style.clip !== '' && style.clip !== 'auto')) return true;
  const transform = style.transform;
  return rect.width === 0 && rect.height === 0 && transform !== '' && transform !== 'none';
}

/** An edge at or past the page's origin; a box with no size is out only strictly past it. */
const beyond = (edge: number, empty: boolean) => (empty ? edge < 0 : edge <= 0);

/**
 * Whether the box lies where no scrolling brings it: left of or above the page (the
 * left side is reachable in right-to-left documents, which scroll that way), or, for
 * a fixed box, outside the viewport, since a fixed box does not scroll at all.
 */
export function isOffPage(element: Element, position: string, rect: DOMRect): boolean {
  // Scrolling only adds to the edges, so a box reaching into the page is on it.
  if (position !== 'fixed' && rect.right > 0 && rect.bottom > 0) return false;
  const view = element.ownerDocument.defaultView;
  if (!view) return false;
  if (position === 'fixed') {
    return (
      rect.right < 0 ||
      rect.bottom < 0 ||
      rect.left > view.innerWidth ||
      rect.top > view.innerHeight
    );
  }
  const empty = rect.width === 0 && rect.height === 0;
  const rtl = element.ownerDocument.documentElement.dir === 'rtl';
  return (
    (!rtl && beyond(rect.right + view.scrollX, empty)) || beyond(rect.bottom + view.scrollY, empty)
  );
}
