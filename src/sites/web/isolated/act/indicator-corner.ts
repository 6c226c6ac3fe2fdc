// ## Owns
// Which corner of the viewport the acting bar sits in. It starts bottom-right and
// moves to the first other corner that leaves the element about to be pressed
// clear: a bar over the target would take the trusted click itself, or make the
// target look covered when only our own mark is in the way.

export type Corner = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';

/** In order of preference: out of the way of most page content first. */
export const CORNERS: readonly Corner[] = ['bottom-right', 'bottom-left', 'top-right', 'top-left'];

/** The bar's distance from the viewport's edges, in CSS pixels. */
export const CORNER_INSET = 12;
/** Room kept between the bar and the target. */
const MARGIN = 8;

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

interface Size {
  readonly width: number;
  readonly height: number;
}

/** Where the bar of `size` is when it sits in `corner` of a viewport of `view`. */
export function cornerBox(corner: Corner, size: Size, view: Size): Box {
  const left = corner.endsWith('left') ? CORNER_INSET : view.width - CORNER_INSET - size.width;
  const top = corner.startsWith('top') ? CORNER_INSET : view.height - CORNER_INSET - size.height;
  return { left, top, right: left + size.width, bottom: top + size.height };
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right + MARGIN &&
  b.left < a.right + MARGIN &&
  a.top < b.bottom + MARGIN &&
  b.top < a.bottom + MARGIN;

/**
 * The corner for the bar while `target` is pressed: the current one when it is clear
 * of the target, else the first clear one, else the current one (a target that fills
 * the view leaves no corner free, and any move would be as bad).
 */
export function cornerClearOf(target: Box, size: Size, view: Size, current: Corner): Corner {
  if (!overlaps(cornerBox(current, size, view), target)) return current;
  return CORNERS.find((corner) => !overlaps(cornerBox(corner, size, view), target)) ?? current;
}
