// ## Owns
// Gathering the visible text of elements during one walk: a reader opens a collector
// on an element (a heading, a link, a table cell, a label), every visible text node
// met while it is open is added to it (image alt text too, as a screen shows it when
// the image is missing), and its text is final when the walk leaves the element.
// Text the person cannot see never enters a collector.
import { shadowOpener, walkFlat, type ShadowOpener } from './flat-tree';
import { VISIBLE_ROOT } from '../tree/visibility';

interface Collector {
  readonly element: Element;
  readonly max: number;
  text: string;
  cut: boolean;
}

/** Collapses runs of white space the way a page shows them. */
export const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

export function createTextCollectors() {
  const open: Collector[] = [];
  const done = new Map<Element, string>();
  const add = (text: string) => {
    for (const collector of open) {
      if (collector.cut) continue;
      const room = collector.max - collector.text.length;
      if (text.length > room) {
        collector.text += text.slice(0, Math.max(0, room));
        collector.cut = true;
      } else collector.text += text;
    }
  };
  return {
    /** Starts collecting the visible text of `element`, up to `max` characters. */
    open(element: Element, max: number) {
      open.push({ element, max, text: '', cut: false });
    },
    /** Whether any collector is open (text is worth passing on). */
    get active() {
      return open.length > 0;
    },
    text: add,
    /** The walk left `element`: its collector (if any) is final. */
    leave(element: Element) {
      const last = open[open.length - 1];
      if (last?.element !== element) return;
      open.pop();
      const text = collapse(last.text);
      done.set(element, last.cut ? `${text}…` : text);
    },
    /** The collected text of `element` ('' when nothing visible was found). */
    of(element: Element): string {
      return done.get(element) ?? '';
    },
  };
}

/** The visible text of one element on its own (its ancestors taken as visible). */
export function visibleTextOf(
  element: Element,
  max: number,
  open: ShadowOpener = shadowOpener(),
): string {
  const collectors = createTextCollectors();
  collectors.open(element, max);
  walkFlat(
    element,
    {
      open,
      frames: false,
      includeHidden: false,
      deadline: performance.now() + 50,
      maxNodes: 5_000,
    },
    {
      text: (node, visibility) => {
        if (visibility.textShown) collectors.text(node.data);
      },
      element: (child, visibility) => {
        if (child.tagName === 'IMG' && visibility.shown)
          collectors.text(` ${child.getAttribute('alt') ?? ''} `);
        return true;
      },
      leave: (child) => collectors.leave(child),
    },
    undefined,
    VISIBLE_ROOT,
  );
  return collectors.of(element);
}
