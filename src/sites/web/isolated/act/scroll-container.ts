// ## Owns
// Scrolling by ref: the nearest container of an element that a person could scroll
// (the element itself, or an ancestor across shadow roots whose overflow lets it
// scroll and whose content is taller than its box), or the page when none is; one
// step of about a screen of that container, or to either end.
// ## Why overflow: hidden does not count
// Such a box clips without a scroll bar: a person cannot scroll it, and scrolling it
// from here would show content the page means to keep out of view (a carousel's
// next slides, a collapsed panel).
import type { ContainerScroll, ScrollDirection } from '../../methods/scroll-methods';
import type { RefRegistry } from '../tree/refs';
import { describeElement } from './hit-test';

/** The share of the viewport one step scrolls, so a line of context stays in view. */
export const SCROLL_STEP = 0.85;

/** Where a scroll in `direction` lands, clamped to the document. */
export function scrollTarget(
  direction: ScrollDirection,
  current: { scrollY: number; maxScrollY: number; viewportHeight: number },
): number {
  const step = Math.round(current.viewportHeight * SCROLL_STEP);
  const wanted =
    direction === 'top'
      ? 0
      : direction === 'bottom'
        ? current.maxScrollY
        : current.scrollY + (direction === 'down' ? step : -step);
  return Math.min(Math.max(wanted, 0), current.maxScrollY);
}

const SCROLLS = new Set(['auto', 'scroll', 'overlay']);
/** Ancestors looked at; a page cannot make the walk endless. */
const MAX_DEPTH = 512;

/** Whether a person can scroll `element` up or down. */
function scrollsVertically(element: Element): boolean {
  if (element.scrollHeight - element.clientHeight < 1) return false;
  const style = getComputedStyle(element);
  return SCROLLS.has(style.overflowY);
}

/** The element's nearest vertically scrollable container, or null for the page. */
export function scrollContainerOf(element: Element): Element | null {
  const doc = element.ownerDocument;
  let node: Element | null = element;
  for (let depth = 0; node && depth < MAX_DEPTH; depth += 1) {
    if (node === doc.documentElement || node === doc.body) return null;
    if (scrollsVertically(node)) return node;
    const parent: Node | null = node.assignedSlot ?? node.parentNode;
    node = parent instanceof ShadowRoot ? parent.host : parent instanceof Element ? parent : null;
  }
  return null;
}

/** Scrolls the container of `ref` one step (or to an end) and says what moved. */
export function scrollContainer(
  refs: RefRegistry,
  ref: number,
  direction: ScrollDirection,
): ContainerScroll {
  const element = refs.elementOf(ref);
  if (!element) return { status: 'gone' };
  const container = scrollContainerOf(element);
  const view = element.ownerDocument.defaultView ?? window;
  if (container === null) {
    const root = view.document.scrollingElement ?? view.document.documentElement;
    const viewport = Math.round(view.innerHeight);
    const max = Math.max(0, Math.round(root.scrollHeight - viewport));
    const before = Math.round(view.scrollY);
    view.scrollTo({
      top: scrollTarget(direction, { scrollY: before, maxScrollY: max, viewportHeight: viewport }),
      behavior: 'instant',
    });
    return {
      status: 'scrolled',
      container: null,
      before,
      after: Math.round(view.scrollY),
      max,
      viewport,
    };
  }
  const viewport = Math.round(container.clientHeight);
  const max = Math.max(0, Math.round(container.scrollHeight - viewport));
  const before = Math.round(container.scrollTop);
  container.scrollTo({
    top: scrollTarget(direction, { scrollY: before, maxScrollY: max, viewportHeight: viewport }),
    behavior: 'instant',
  });
  return {
    status: 'scrolled',
    container: describeElement(container),
    before,
    after: Math.round(container.scrollTop),
    max,
    viewport,
  };
}
