// ## Owns
// The one answer to "can the person see this?" for every read of this folder. An
// element is hidden with its whole subtree when it or an ancestor is aria-hidden,
// carries `hidden`, is not rendered (display: none, content-visibility, a closed
// <details>), is nearly transparent, is clipped to (almost) nothing, or sits where no
// scrolling can bring it (left of or above the document, a fixed box outside the
// viewport). Text is hidden on its own when its element is visibility: hidden, has a
// font size under 1 px, a transparent colour or a text indent that throws it out of
// view.
// ## Why this matters
// Page readers work on clones without computed styles, so text a page hides from the
// person (a classic home for injected instructions) would read like any other. The
// decision is made here, on the live document, before anything is copied.
// ## Why visibility: hidden is not a subtree rule
// A descendant may set `visibility: visible` and show itself inside a hidden parent,
// so that property hides the element's own text and boxes, not its children.

import { textShows } from '../tree/visibility';

/** Why a subtree is hidden from the person. */
export type HiddenReason =
  | 'aria-hidden'
  | 'hidden-attribute'
  | 'not-rendered'
  | 'transparent'
  | 'clipped'
  | 'off-screen'
  | 'hidden-text';

/** What the person can see of one element, decided top-down from its parent's state. */
export interface Visibility {
  /** The element and everything in it are hidden, and why; null when it is rendered. */
  readonly hidden: HiddenReason | null;
  /** The element's own box is visible (visibility: visible, not hidden). */
  readonly shown: boolean;
  /** Text directly inside the element is visible. */
  readonly textShown: boolean;
}

export const VISIBLE_ROOT: Visibility = { hidden: null, shown: true, textShown: true };

/** Below this opacity a box is treated as invisible. */
const MIN_OPACITY = 0.1;
/** A box clipped to less than this in either direction shows nothing readable. */
const MIN_CLIPPED_SIZE = 2;

const hiddenState = (reason: HiddenReason): Visibility => ({
  hidden: reason,
  shown: false,
  textShown: false,
});

const clipsOverflow = (style: CSSStyleDeclaration) =>
  [style.overflowX, style.overflowY].some((value) => value !== '' && value !== 'visible');

/** `clip: rect(0 0 0 0)` and friends on a positioned box. */
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
function clipPathHides(value: string): boolean {
  const clipPath = value.trim();
  if (clipPath === '' || clipPath === 'none') return false;
  const inset = /^inset\(\s*([\d.]+)%/.exec(clipPath);
  if (inset?.[1] && parseFloat(inset[1]) >= 50) return true;
  return /^(circle|ellipse)\(\s*0(px|%)?[\s)]/.test(clipPath);
}

/** Where the box lies out of every scroll position's reach. */
function offScreen(element: Element, position: string, rect: DOMRect): boolean {
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
  const rtl = element.ownerDocument.documentElement.dir === 'rtl';
  // Strictly left of or above the document's origin: no scrolling reaches it (except
  // leftwards in right-to-left documents, which scroll that way).
  return (!rtl && rect.right + view.scrollX < 0) || rect.bottom + view.scrollY < 0;
}

/**
 * The visibility of `element`, whose parent (in the flat tree) has `parent`. Reads
 * computed style and layout only while the parent is visible, and each style property
 * only when the answer depends on it: reading a computed property costs about as much
 * as computing the style, and a walk asks this of every element.
 */
export function visibilityOf(element: Element, parent: Visibility): Visibility {
  if (parent.hidden) return parent;
  if (element.getAttribute('aria-hidden') === 'true') return hiddenState('aria-hidden');
  if (element.hasAttribute('hidden')) return hiddenState('hidden-attribute');
  const view = element.ownerDocument.defaultView;
  if (!view) return parent;
  const style = view.getComputedStyle(element);
  const display = style.display;
  if (display === 'none' || style.contentVisibility === 'hidden')
    return hiddenState('not-rendered');
  const boxless = display === 'contents';
  // checkVisibility() also sees what styles of an ancestor outside our walk hide (a
  // closed <details>); it wrongly reports display: contents boxes, so those skip it.
  if (!boxless && typeof element.checkVisibility === 'function' && !element.checkVisibility())
    return hiddenState('not-rendered');
  const opacity = parseFloat(style.opacity);
  if (!Number.isNaN(opacity) && opacity < MIN_OPACITY) return hiddenState('transparent');
  if (!boxless) {
    const rect = element.getBoundingClientRect();
    const position = style.position;
    const tiny = rect.width < MIN_CLIPPED_SIZE || rect.height < MIN_CLIPPED_SIZE;
    if (
      (tiny && display !== 'inline' && clipsOverflow(style)) ||
      ((position === 'absolute' || position === 'fixed') && clipRectHides(style)) ||
      clipPathHides(style.clipPath)
    )
      return hiddenState('clipped');
    if (
      rect.width === 0 &&
      rect.height === 0 &&
      style.transform !== '' &&
      style.transform !== 'none'
    )
      return hiddenState('clipped');
    if (offScreen(element, position, rect)) return hiddenState('off-screen');
  }
  const visibility = style.visibility;
  const shown = visibility === '' || visibility === 'visible';
  // Most elements hold no text of their own: their text style is read when asked.
  let textShown: boolean | undefined;
  return {
    hidden: null,
    shown,
    get textShown() {
      return (textShown ??= shown && textShows(style));
    },
  };
}
