// ## Owns
// Whether a person can see an element, as the tree (and any other read tool) decides
// it. Exported for the other web tools: `hiddenReason` for one element during a
// top-down walk, `isShownToPerson` for a single element with its ancestors, and
// `placement` for where a box lies relative to what is on screen.
// ## What counts as hidden (left out of the tree and counted)
// display:none (also the hidden attribute and closed <details> content), an ancestor
// with content-visibility:hidden, visibility:hidden or collapse (the element itself;
// a visible child shows again), aria-hidden="true" and inert subtrees, opacity 0
// (text and structure; a control inside stays, marked transparent, because custom
// checkboxes are built that way), boxes clipped to 1 px or less (the
// "screen-reader only" pattern, zero-height collapsed panels), controls with no size,
// and boxes placed left of or above the page, where no scrolling can bring them.
// Text is left out on its own when its element gives it no readable size, no colour
// or an indent that throws it out of view.
// Text that is hidden this way is what hidden prompt injection uses: it never reaches
// the model as page text. A hidden element's text still counts in the accessible
// name of a visible control it labels, as in the browser's own tree.
// ## Why checkVisibility first
// One native call answers display, visibility, opacity and content-visibility for the
// element and its ancestors; the computed style is read only when it says no, because
// it also says no for display:contents, whose children are visible.

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

/**
 * Whether the text directly inside `element` can be read, by its own text style (its
 * box is decided by the walk): a font size of 0, a transparent colour or a text
 * indent far off to the left hide text as surely as display:none.
 */
export function isTextShownIn(element: Element): boolean {
  const style = element.ownerDocument.defaultView?.getComputedStyle(element);
  return style ? textShows(style) : true;
}

/** The reason an element is left out, or a softer state the walk must know. */
export type VisibilityState =
  /** Shown normally. */
  | 'visible'
  /** display:contents: no box of its own; its children decide. */
  | 'contents'
  /** Invisible through opacity 0 (itself or an ancestor): only controls are kept. */
  | 'transparent'
  /** visibility:hidden on the element: it is left out, its children may show. */
  | 'self-hidden'
  /** Left out with everything inside it. */
  | 'hidden';

const CHECK_OPTIONS = {
  checkOpacity: true,
  checkVisibilityCSS: true,
  opacityProperty: true,
  visibilityProperty: true,
};

type Checkable = Element & { checkVisibility?: (options?: object) => boolean };

/**
 * The element's own visibility in a walk that already left out hidden ancestors.
 * `insideTransparent` says an ancestor was transparent.
 */
export function visibilityState(element: Element, insideTransparent: boolean): VisibilityState {
  // Most elements carry no attribute at all; asking first spares two lookups each.
  if (
    element.hasAttributes() &&
    (element.getAttribute('aria-hidden') === 'true' || element.hasAttribute('inert'))
  )
    return 'hidden';
  const checkable = element as Checkable;
  if (typeof checkable.checkVisibility === 'function' && checkable.checkVisibility(CHECK_OPTIONS))
    return insideTransparent ? 'transparent' : 'visible';
  const view = element.ownerDocument.defaultView;
  if (!view) return 'hidden';
  const style = view.getComputedStyle(element);
  const display = style.display;
  if (display === 'none') return 'hidden';
  if (display === 'contents') {
    if (style.visibility === 'hidden' || style.visibility === 'collapse') return 'self-hidden';
    return insideTransparent || style.opacity === '0' ? 'transparent' : 'contents';
  }
  if (insideTransparent || style.opacity === '0') return 'transparent';
  if (style.visibility === 'hidden' || style.visibility === 'collapse') return 'self-hidden';
  // Without checkVisibility (an older browser) the style above is all there is.
  if (typeof checkable.checkVisibility !== 'function') return 'visible';
  // Rendered, but an ancestor the walk did not see (a subtree walk's root) is
  // transparent: the only option-dependent reason left.
  if (checkable.checkVisibility()) return 'transparent';
  // Not rendered for another reason: inside closed <details>, content-visibility:hidden.
  return 'hidden';
}

/**
 * Whether a box this small clips away what is inside it (the 1 px "visually hidden"
 * pattern, a panel collapsed to height 0 with overflow hidden).
 */
export function isClippedAway(element: Element, rect: DOMRect): boolean {
  if (rect.width > 1 && rect.height > 1) return false;
  const view = element.ownerDocument.defaultView;
  if (!view) return false;
  const style = view.getComputedStyle(element);
  return (
    style.overflow !== 'visible' ||
    (style.clip !== 'auto' && style.clip !== '') ||
    (style.clipPath !== 'none' && style.clipPath !== '')
  );
}

/** A box in viewport coordinates: what can be seen (the viewport, narrowed by scrollers). */
export interface ViewBox {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

export type Direction = 'above' | 'below' | 'left' | 'right';

/** Where a box lies: in view, off to one side, or off the page (never reachable). */
export type Placement = 'in-view' | Direction | 'off-page';

/** Where `rect` lies relative to `view`, with `margin` pixels of slack around it. */
export function placement(
  rect: DOMRect,
  view: ViewBox,
  scroll: { x: number; y: number },
  margin: number,
): Placement {
  if (rect.right + scroll.x <= 0 || rect.bottom + scroll.y <= 0) return 'off-page';
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

/**
 * For callers outside a walk (other tools acting on one element): whether the person
 * can see it at all, checking the element and each ancestor across shadow roots.
 * Off-screen elements count as shown (scrolling reaches them); transparent ones not.
 */
export function isShownToPerson(element: Element): boolean {
  const chain: Element[] = [];
  for (let node: Node | null = element; node && chain.length < 4_096;) {
    if (node.nodeType === 1) chain.push(node as Element);
    const parent: Node | null = (node as Element).assignedSlot ?? node.parentNode;
    node = parent && parent.nodeType === 11 ? ((parent as ShadowRoot).host ?? null) : parent;
  }
  let transparent = false;
  for (const node of chain.reverse()) {
    const state = visibilityState(node, transparent);
    if (state === 'hidden') return false;
    if (state === 'transparent') transparent = true;
  }
  if (transparent || visibilityState(element, false) === 'self-hidden') return false;
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return false;
  for (const node of chain) if (isClippedAway(node, node.getBoundingClientRect())) return false;
  return true;
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
