// ## Owns
// The flat tree as the page renders it: a shadow host shows its shadow root (open or
// closed) instead of its light children, a <slot> shows what is assigned to it (or its
// own fallback children), and everything else shows its children.
import {
  canHostShadowRoot,
  shadowRootOf as readShadowRoot,
} from '../../../../page/isolated/shadow-roots';

export { canHostShadowRoot, canReadClosedRoots } from '../../../../page/isolated/shadow-roots';

/** Closed-root answers of the walk in progress (the extension API is slow to ask). */
let closedRoots: Map<Element, ShadowRoot | null> | null = null;

/**
 * The element's shadow root, open or closed. Inside `withShadowRootMemo` each element
 * asks the closed-root API once, however many names and walks read it.
 */
export function shadowRootOf(element: Element): ShadowRoot | null {
  const open = element.shadowRoot;
  if (open) return open;
  if (closedRoots === null) return readShadowRoot(element);
  if (!canHostShadowRoot(element)) return null;
  let root = closedRoots.get(element);
  if (root === undefined) {
    root = readShadowRoot(element);
    closedRoots.set(element, root);
  }
  return root;
}

/** Runs `work` with one memo of closed roots (the DOM does not change meanwhile). */
export function withShadowRootMemo<T>(work: () => T): T {
  const previous = closedRoots;
  closedRoots = new Map();
  try {
    return work();
  } finally {
    closedRoots = previous;
  }
}

/**
 * The node's children in the flat tree, in order. Never null; an empty list for
 * nodes without children.
 */
export function flatChildren(node: Node): ArrayLike<Node> {
  if (node.nodeType !== 1) return node.childNodes;
  const element = node as Element;
  if (element.localName === 'slot') {
    const assigned = (element as HTMLSlotElement).assignedNodes({ flatten: true });
    return assigned.length > 0 ? assigned : element.childNodes;
  }
  const root = shadowRootOf(element);
  return root ? root.childNodes : element.childNodes;
}

/**
 * The flat-tree parent: the slot a node is assigned to, the host of a shadow root,
 * or the DOM parent.
 */
export function flatParent(node: Node): Node | null {
  const slot = (node as Element | Text).assignedSlot;
  if (slot) return slot;
  const parent = node.parentNode;
  if (parent && parent.nodeType === 11) return (parent as ShadowRoot).host ?? null;
  return parent;
}

/** Whether `node` is `ancestor` or inside it in the flat tree (across shadow roots). */
export function flatContains(ancestor: Node, node: Node | null): boolean {
  for (let current = node, steps = 0; current && steps < 10_000; steps += 1) {
    if (current === ancestor) return true;
    current = flatParent(current);
  }
  return false;
}

/**
 * The innermost element at a point: elementFromPoint stops at a shadow host, so the
 * search continues in each root (closed ones too) until it reaches the bottom.
 */
export function deepElementFromPoint(doc: Document, x: number, y: number): Element | null {
  let hit = doc.elementFromPoint(x, y);
  for (let depth = 0; hit && depth < 64; depth += 1) {
    const root = shadowRootOf(hit);
    if (!root) break;
    const inner = root.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}
