// ## Owns
// Walking the page as it is composed on screen: a shadow host's root (open or closed)
// instead of its light children, a slot's assigned nodes instead of its fallback, and,
// where the reader asks, a same-origin frame's document in place of its <iframe>. The
// walk carries each element's visibility down (tree/visibility.ts, the one answer the
// tree shares), skips what never shows
// (scripts, styles, templates), and stops at a node budget or a deadline.
// ## Why an explicit stack
// Real pages nest deeper than the JavaScript stack allows recursion (a broken template
// can nest 50,000 elements), so the walk keeps its own stack.
import { canHostShadowRoot, shadowRootOf } from '../../../../page/isolated/shadow-roots';
import {
  VISIBLE_ROOT,
  closedDetailsChildren,
  visibilityOf,
  type Visibility,
} from '../tree/visibility';
import type { HiddenReason } from '../../methods/read-methods';

/** Opens a shadow root, closed ones included where the extension API allows. */
export type ShadowOpener = (element: Element) => ShadowRoot | null;

/** The extension API that opens closed shadow roots, in either browser. */
export const shadowOpener = (): ShadowOpener => shadowRootOf;

/** Never shown as page content, whatever their styles say. */
const NEVER_SHOWN = new Set([
  'SCRIPT',
  'STYLE',
  'TEMPLATE',
  'NOSCRIPT',
  'LINK',
  'META',
  'HEAD',
  'TITLE',
  'BASE',
]);

export interface WalkOptions {
  readonly open: ShadowOpener;
  /** Enter same-origin frames (their documents are walked in place of the <iframe>). */
  readonly frames: boolean;
  /** Walk into hidden subtrees too (their nodes arrive with a hidden visibility). */
  readonly includeHidden: boolean;
  /** `performance.now()` after which the walk stops. */
  readonly deadline: number;
  /** Nodes after which the walk stops. */
  readonly maxNodes: number;
}

export interface WalkVisitor {
  /** An element; return false to skip its subtree. */
  element?(element: Element, visibility: Visibility): boolean;
  /** A text node inside an element with `visibility`. */
  text?(text: Text, visibility: Visibility): void;
  /** Leaving an element whose subtree was walked. */
  leave?(element: Element): void;
  /** A hidden subtree the walk skips (only without `includeHidden`). */
  hidden?(element: Element, reason: HiddenReason): void;
}

/** What a walk covered and what it left out. */
export interface WalkStats {
  visited: number;
  shadowRoots: number;
  sameOriginFrames: number;
  otherFrames: number;
  /** Hidden subtrees skipped, by reason, and the characters of text in them. */
  hiddenParts: number;
  hiddenCharacters: number;
  hiddenReasons: Partial<Record<HiddenReason, number>>;
  stopped: 'deadline' | 'node-budget' | null;
}

export const emptyStats = (): WalkStats => ({
  visited: 0,
  shadowRoots: 0,
  sameOriginFrames: 0,
  otherFrames: 0,
  hiddenParts: 0,
  hiddenCharacters: 0,
  hiddenReasons: {},
  stopped: null,
});

/** Counts a skipped hidden subtree (or text run) in `stats`. */
export function countHidden(stats: WalkStats, reason: HiddenReason, characters: number): void {
  stats.hiddenParts += 1;
  stats.hiddenCharacters += characters;
  stats.hiddenReasons[reason] = (stats.hiddenReasons[reason] ?? 0) + 1;
}

const isFrame = (element: Element) => element.tagName === 'IFRAME' || element.tagName === 'FRAME';

/** The document of a same-origin frame, or null (cross-origin, not loaded). */
export function frameDocument(element: Element): Document | null {
  try {
    return (element as HTMLIFrameElement).contentDocument ?? null;
  } catch {
    return null;
  }
}

/**
 * Where a node's flat-tree children come from: a list (a slot's assigned nodes, a
 * frame's body) or a parent whose child chain is read in place, so no array is built
 * per element of a page of thousands.
 */
type ChildSource = readonly Node[] | Node;

const NO_CHILDREN: readonly Node[] = [];

function childrenOf(node: Node, options: WalkOptions, stats: WalkStats): ChildSource {
  if (node.nodeType !== Node.ELEMENT_NODE) return node;
  const element = node as Element;
  const details = closedDetailsChildren(element);
  if (details) {
    // The browser shows a closed <details>'s summary only, without a style to read.
    const shown = details[0]?.textContent?.length ?? 0;
    const hiddenText = (element.textContent?.length ?? 0) - shown;
    if (hiddenText > 0 && /\S/.test(element.textContent ?? ''))
      countHidden(stats, 'not-rendered', hiddenText);
    return details;
  }
  if (element.tagName === 'SLOT') {
    const assigned = (element as HTMLSlotElement).assignedNodes({ flatten: true });
    return assigned.length > 0 ? assigned : element;
  }
  if (isFrame(element)) {
    const inner = frameDocument(element);
    if (!inner) {
      stats.otherFrames += 1;
      return NO_CHILDREN;
    }
    if (!options.frames) return NO_CHILDREN;
    stats.sameOriginFrames += 1;
    return inner.body ? [inner.body] : NO_CHILDREN;
  }
  if (canHostShadowRoot(element)) {
    const root = options.open(element);
    if (root) {
      stats.shadowRoots += 1;
      return root;
    }
  }
  return element;
}

interface Frame {
  readonly element: Element | null;
  readonly visibility: Visibility;
  /** The children as a list, or null when they are read along `next`. */
  readonly list: readonly Node[] | null;
  index: number;
  /** The next child to visit when the children are read in place. */
  next: Node | null;
}

function frameOf(element: Element | null, visibility: Visibility, source: ChildSource): Frame {
  if (Array.isArray(source)) return { element, visibility, list: source, index: 0, next: null };
  return { element, visibility, list: null, index: 0, next: (source as Node).firstChild };
}

/** The frame's next child (advancing it), or undefined when it has none left. */
function nextChild(frame: Frame): Node | undefined {
  if (frame.list) {
    const node = frame.list[frame.index];
    frame.index += 1;
    return node;
  }
  const node = frame.next;
  if (!node) return undefined;
  frame.next = node.nextSibling;
  return node;
}

/** Walks `root`'s flat subtree (root excluded from the visitor when it is a document). */
export function walkFlat(
  root: Element,
  options: WalkOptions,
  visitor: WalkVisitor,
  stats: WalkStats = emptyStats(),
  rootVisibility: Visibility = VISIBLE_ROOT,
): WalkStats {
  const stack: Frame[] = [frameOf(null, rootVisibility, [root])];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame;
    const node = nextChild(top);
    if (node === undefined) {
      stack.pop();
      if (top.element) visitor.leave?.(top.element);
      continue;
    }
    stats.visited += 1;
    if ((stats.visited & 511) === 0 && performance.now() > options.deadline) {
      stats.stopped = 'deadline';
      return stats;
    }
    if (stats.visited > options.maxNodes) {
      stats.stopped = 'node-budget';
      return stats;
    }
    if (node.nodeType === Node.TEXT_NODE) {
      visitor.text?.(node as Text, top.visibility);
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const element = node as Element;
    if (NEVER_SHOWN.has(element.tagName)) continue;
    const visibility = visibilityOf(element, top.visibility);
    if (visibility.hidden && !top.visibility.hidden && !options.includeHidden) {
      // Only hidden text is worth reporting; an empty hidden box omits nothing.
      const text = element.textContent ?? '';
      if (/\S/.test(text)) countHidden(stats, visibility.hidden, text.length);
      visitor.hidden?.(element, visibility.hidden);
      continue;
    }
    if (visitor.element && !visitor.element(element, visibility)) continue;
    stack.push(frameOf(element, visibility, childrenOf(element, options, stats)));
  }
  return stats;
}
