// ## Owns
// Where a box lies relative to what is on screen: the viewport as a box, the part of
// it a scroll container shows, and whether a box is in view or off to one side. Which
// boxes the person can see at all is visibility.ts's answer; this only places them.

/** A box in viewport coordinates: what can be seen (the viewport, narrowed by scrollers). */
export interface ViewBox {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

export type Direction = 'above' | 'below' | 'left' | 'right';

/** Where a box lies: in view or off to one side (scrolling that way reaches it). */
export type Placement = 'in-view' | Direction;

/** Where `rect` lies relative to `view`, with `margin` pixels of slack around it. */
export function placement(rect: DOMRect, view: ViewBox, margin: number): Placement {
  if (rect.bottom < view.top - margin) return 'above';
  if (rect.top > view.bottom + margin) return 'below';
  if (rect.right < view.left - margin) return 'left';
  if (rect.left > view.right + margin) return 'right';
  return 'in-view';
}

/** The viewport of `doc`'s window as a view box. */
export function viewportBox(doc: Document): ViewBox {
  const view = doc.defaultView;
  const width = view?.innerWidth ?? doc.documentElement.clientWidth;
  const height = view?.innerHeight ?? doc.documentElement.clientHeight;
  return { left: 0, top: 0, right: width, bottom: height };
}

/** The box children of a scroll container can be seen in: `view` narrowed by its padding box. */
export function narrowedView(element: Element, rect: DOMRect, view: ViewBox): ViewBox {
  const scrolls =
    element.scrollHeight > element.clientHeight + 1 ||
    element.scrollWidth > element.clientWidth + 1;
  if (!scrolls) return view;
  const style = element.ownerDocument.defaultView?.getComputedStyle(element);
  if (!style || (style.overflowX === 'visible' && style.overflowY === 'visible')) return view;
  const left = rect.left + element.clientLeft;
  const top = rect.top + element.clientTop;
  return {
    left: Math.max(view.left, left),
    top: Math.max(view.top, top),
    right: Math.min(view.right, left + element.clientWidth),
    bottom: Math.min(view.bottom, top + element.clientHeight),
  };
}
