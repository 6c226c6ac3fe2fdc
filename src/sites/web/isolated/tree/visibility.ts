// ## Owns
// The one answer to "can the person see this?" for the whole web face: the tree, the
// page readers (read_page, extract_data, find_text, window facts) and the action
// tools all ask here, so a text cannot be hidden in one read and shown in another.
// `visibilityOf` is the top-down step a walk takes per element from its parent's
// answer; `isShownToPerson` asks the same step of one element along its ancestors.
// It lives in the tree folder because the tree is the reader that also acts on what
// it sees (controls, refs) and act/ already asks it here; the readers import it.
// ## The rules
// Hidden with everything inside (the reason is counted): aria-hidden="true", inert
// (the page took it out of play: closed drawers, inactive slides, what sits behind a
// modal), the hidden attribute, anything not rendered (display:none,
// content-visibility:hidden on it or an ancestor, the content of a closed <details>
// beside its summary), an effective opacity below 0.1 (the product along the
// ancestors, so 0.3 inside 0.3 is hidden too), a box clipped to under 2 px (the
// screen-reader-only pattern, clip rect, clip-path inset(50%), a height-0 panel with
// overflow hidden), a box left of or above the page or a fixed box outside the
// viewport (no scrolling brings them), and a control or empty box laid out at 0×0.
// Hidden itself only: visibility:hidden or collapse hides the element's own text and
// box; a child that sets visibility:visible shows again, as in the browser.
// Text only: a font size under 1 px, a transparent colour, or a text indent that
// throws it out of view hide the element's own text.
// ## Custom controls stay usable, marked
// An invisible subtree that holds a control (an opacity-0 native checkbox under a
// styled label, a 0×0 labelled input) is walked as `transparent`: its text never
// counts as page text, but the control stays usable and the tree marks it, because
// that is how pages build custom check boxes and switches.
// ## Why it matters
// Hidden text is where injected instructions live: text a person cannot see never
// reaches the model as page text. A hidden element's text may still name a visible
// control it labels, as in the browser's own accessibility tree.
import type { HiddenReason } from '../../methods/read-methods';
import { shadowRootOf } from './flat-tree';
import { LEAF_TAGS } from './keep-rules';
import { labelsOf } from './label-index';
import { MIN_CLIPPED_SIZE, MIN_OPACITY, isClipped, isOffPage, textShows } from './visibility-rules';

/** What the person can see of one element, decided top-down from its parent's answer. */
export interface Visibility {
  /** The element and everything in it are hidden, and why; null when it takes part. */
  readonly hidden: HiddenReason | null;
  /** The element's own box is seen (not visibility:hidden, not transparent). */
  readonly shown: boolean;
  /** Text directly inside the element is seen. */
  readonly textShown: boolean;
  /** Invisible, but kept for the controls inside: text hidden, controls marked. */
  readonly transparent: boolean;
  /** The effective opacity (the product along the ancestors). */
  readonly opacity: number;
  /** display:contents: no box of its own, its children decide. */
  readonly boxless: boolean;
  /** The box measured for the decision (null when boxless or hidden before measuring). */
  readonly rect: DOMRect | null;
  /** content-visibility:hidden: the browser renders nothing inside. */
  readonly skipsContent: boolean;
}

export const VISIBLE_ROOT: Visibility = {
  hidden: null,
  shown: true,
  textShown: true,
  transparent: false,
  opacity: 1,
  boxless: false,
  rect: null,
  skipsContent: false,
};

const hiddenStates = new Map<HiddenReason, Visibility>();
/** One frozen answer per reason: a walk asks for thousands. */
function hiddenState(reason: HiddenReason): Visibility {
  let state = hiddenStates.get(reason);
  if (!state) {
    state = { ...VISIBLE_ROOT, hidden: reason, shown: false, textShown: false, opacity: 0 };
    hiddenStates.set(reason, state);
  }
  return state;
}

/** What a person can operate, even when the page draws it invisibly over its own art. */
const CONTROL_SELECTOR =
  'input:not([type="hidden"]),select,textarea,button,a[href],summary,[contenteditable=""],' +
  '[contenteditable="true"],[tabindex],[role="checkbox"],[role="radio"],[role="switch"],' +
  '[role="button"],[role="link"],[role="option"],[role="tab"],[role="menuitem"]';

const holdsControl = (element: Element) =>
  element.matches(CONTROL_SELECTOR) || element.querySelector(CONTROL_SELECTOR) !== null;

/** A check box or other input drawn at no size, named by a label the person sees. */
const isLabelledInput = (element: Element) =>
  element.localName === 'input' && labelsOf(element).length > 0;

/**
 * The visibility of `element`, whose flat-tree parent has `parent`. Each computed
 * property is read only when the answer depends on it: a walk asks this of every
 * element, and a property read costs about as much as computing the style.
 * ## Why no checkVisibility()
 * The box and the style are read anyway, and they say what the native check says
 * for an element whose ancestors this walk already passed: a box with any size is
 * rendered (display is read only for a box of almost none), visibility is one
 * property, and content a content-visibility:hidden ancestor skips is known from
 * that ancestor's own answer. The native call cost more than all three together.
 */
export function visibilityOf(element: Element, parent: Visibility): Visibility {
  if (parent.hidden) return parent;
  // The browser renders nothing inside content-visibility:hidden, though it still
  // measures it when asked: only the ancestor's style tells.
  if (parent.skipsContent) return hiddenState('not-rendered');
  // Most elements carry no attribute at all; asking first spares three lookups each.
  if (element.hasAttributes()) {
    if (element.getAttribute('aria-hidden') === 'true') return hiddenState('aria-hidden');
    if (element.hasAttribute('inert')) return hiddenState('inert');
    if (element.hasAttribute('hidden')) return hiddenState('hidden-attribute');
  }
  const view = element.ownerDocument.defaultView;
  if (!view) return parent;
  const style = view.getComputedStyle(element);
  let rect: DOMRect | null = element.getBoundingClientRect();
  let display = '';
  let boxless = false;
  if (rect.width < MIN_CLIPPED_SIZE || rect.height < MIN_CLIPPED_SIZE) {
    // Only a tiny box needs its display: whether it is rendered at all, whether it
    // has a box of its own, whether overflow clips it.
    display = style.display;
    if (display === 'none') return hiddenState('not-rendered');
    if (display === 'contents') [boxless, rect] = [true, null];
  }
  // Opacity paints a box: on display:contents, which has none, it does nothing.
  const own = boxless ? NaN : parseFloat(style.opacity);
  const opacity = Number.isNaN(own) ? parent.opacity : parent.opacity * own;
  let transparent = opacity < MIN_OPACITY;
  if (transparent && !holdsControl(element)) return hiddenState('transparent');
  if (rect) {
    const position = style.position;
    if (isClipped(style, rect, display, position)) return hiddenState('clipped');
    if (isOffPage(element, position, rect)) return hiddenState('off-screen');
    if (
      rect.width === 0 &&
      rect.height === 0 &&
      (LEAF_TAGS.has(element.localName) ||
        (element.firstChild === null && shadowRootOf(element) === null))
    ) {
      if (!isLabelledInput(element)) return hiddenState('no-size');
      transparent = true;
    }
  }
  const visibility = style.visibility;
  const shown = !transparent && (visibility === '' || visibility === 'visible');
  const skipsContent = !LEAF_TAGS.has(element.localName) && style.contentVisibility === 'hidden';
  return new ShownElement(shown, transparent, opacity, boxless, rect, skipsContent, style);
}

/**
 * A part that takes part in the page. Most elements hold no text of their own, so
 * their text style is read only when asked (once); a class keeps that getter off
 * each of a walk's thousands of answers.
 */
class ShownElement implements Visibility {
  readonly hidden = null;
  #textShown: boolean | undefined;
  constructor(
    readonly shown: boolean,
    readonly transparent: boolean,
    readonly opacity: number,
    readonly boxless: boolean,
    readonly rect: DOMRect | null,
    readonly skipsContent: boolean,
    private readonly style: CSSStyleDeclaration,
  ) {}
  get textShown(): boolean {
    return (this.#textShown ??= this.shown && !this.skipsContent && textShows(this.style));
  }
}

/**
 * Where a closed <details> shows its children: its summary only (the browser hides
 * the rest without a style a walk could read). Null for any other element.
 */
export function closedDetailsChildren(element: Element): readonly Element[] | null {
  if (element.localName !== 'details' || (element as HTMLDetailsElement).open) return null;
  const summary = Array.from(element.children).find((child) => child.localName === 'summary');
  return summary ? [summary] : [];
}

/** The flat-tree parent: the slot an element is shown in, its parent, or its shadow host. */
function flatParentElement(node: Node): Element | null {
  const parent: Node | null = (node as Element).assignedSlot ?? node.parentNode;
  if (!parent) return null;
  if (parent.nodeType === 11) return (parent as ShadowRoot).host ?? null;
  return parent.nodeType === 1 ? (parent as Element) : null;
}

/** The answer for one element, taking each flat-tree ancestor's step from the top. */
export function visibilityWithAncestors(element: Element): Visibility {
  const chain: Element[] = [];
  for (let node: Element | null = element; node && chain.length < 4_096;) {
    chain.push(node);
    node = flatParentElement(node);
  }
  let visibility = VISIBLE_ROOT;
  for (let index = chain.length - 1; index >= 0; index -= 1) {
    const node = chain[index] as Element;
    const above = chain[index + 1];
    const shownChildren = above ? closedDetailsChildren(above) : null;
    if (shownChildren && !shownChildren.includes(node)) return hiddenState('not-rendered');
    visibility = visibilityOf(node, visibility);
    if (visibility.hidden) return visibility;
  }
  return visibility;
}

/** What `element` inherits from its flat-tree ancestors (a walk that starts at it). */
export function visibilityAbove(element: Element): Visibility {
  const parent = flatParentElement(element);
  if (!parent) return VISIBLE_ROOT;
  const above = visibilityWithAncestors(parent);
  const shownChildren = closedDetailsChildren(parent);
  return shownChildren && !shownChildren.includes(element) ? hiddenState('not-rendered') : above;
}

/**
 * For callers outside a walk (tools acting on one element): whether the person sees
 * it. Below or right of the view counts as seen (scrolling reaches it); a transparent
 * control does not, though a walk keeps it, marked.
 */
export function isShownToPerson(element: Element): boolean {
  const visibility = visibilityWithAncestors(element);
  return visibility.hidden === null && visibility.shown;
}
