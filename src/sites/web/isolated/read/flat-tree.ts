// ## Owns
// Walking the page as it is composed on screen: a shadow host's root (open or closed)
// instead of its light children, a slot's assigned nodes instead of its fallback, and,
// where the reader asks, a same-origin frame's document in place of its <iframe>. The
// walk carries each element's visibility down (visibility.ts), skips what never shows
// (scripts, styles, templates), and stops at a node budget or a deadline.
// ## Why an explicit stack
// Real pages nest deeper than the JavaScript stack allows recursion (a broken template
// can nest 50,000 elements), so the walk keeps its own stack.
import { canHostShadowRoot, shadowRootOf } from '../../../../page/isolated/shadow-roots';
import { VISIBLE_ROOT, visibilityOf, type HiddenReason, type Visibility } from './visibility';

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

function childrenOf(node: Node, options: WalkOptions, stats: WalkStats): readonly Node[] {
  if (node.nodeType !== Node.ELEMENT_NODE) return Array.from(node.childNodes);
  const element = node as Element;
  if (element.tagName === 'SLOT') {
    const assigned = (element as HTMLSlotElement).assignedNodes({ flatten: true });
    return assigned.length > 0 ? assigned : Array.from(element.childNodes);
  }
  if (isFrame(element)) {
    const inner = frameDocument(element);
    if (!inner) {
      stats.otherFrames += 1;
      return [];
    }
    if (!options.frames) return [];
    stats.sameOriginFrames += 1;
    return inner.body ? [inner.body] : [];
  }
  if (canHostShadowRoot(element)) {
    const root = options.open(element);
    if (root) {
      stats.shadowRoots += 1;
      return Array.from(root.childNodes);
    }
  }
  return Array.from(element.childNodes);
}

interface Frame {
  readonly element: Element | null;
  readonly visibility: Visibility;
  readonly children: readonly Node[];
  index: number;
}

/** Walks `root`'s flat subtree (root excluded from the visitor when it is a document). */
export function walkFlat(
  root: Element,
  options: WalkOptions,
  visitor: WalkVisitor,
  stats: WalkStats = emptyStats(),
  rootVisibility: Visibility = VISIBLE_ROOT,
): WalkStats {
  const stack: Frame[] = [
    { element: null, visibility: rootVisibility, children: [root], index: 0 },
  ];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame;
    const node = top.children[top.index];
    if (node === undefined) {
      stack.pop();
      if (top.element) visitor.leave?.(top.element);
      continue;
    }
    top.index += 1;
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
    stack.push({ element, visibility, children: childrenOf(element, options, stats), index: 0 });
  }
  return stats;
}
