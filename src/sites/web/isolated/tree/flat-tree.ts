// ## Owns
// The flat tree as the page renders it: a shadow host shows its shadow root (open or
// closed) instead of its light children, a <slot> shows what is assigned to it (or its
// own fallback children), and everything else shows its children.
// ## Why the closed-root API is called only on some elements
// Only custom elements and a fixed list of HTML elements can host a shadow root.
// Asking the extension API about every element costs about 50 ms per 20,000
// elements; asking about those that can host a root costs a fraction of that.

/** HTML elements that may host a shadow root (besides custom elements). */
const SHADOW_HOSTS = new Set([
  'article',
  'aside',
  'blockquote',
  'body',
  'div',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'main',
  'nav',
  'p',
  'section',
  'span',
]);

type ClosedRootReader = (element: Element) => ShadowRoot | null;

/** The extension's way to open closed shadow roots in this browser, or null outside one. */
function closedRootReader(): ClosedRootReader | null {
  const scope = globalThis as {
    chrome?: { dom?: { openOrClosedShadowRoot?: (element: HTMLElement) => ShadowRoot | null } };
  };
  const chromeApi = scope.chrome?.dom?.openOrClosedShadowRoot;
  if (typeof chromeApi === 'function') {
    return (element) => {
      try {
        return element instanceof HTMLElement ? chromeApi(element) : null;
      } catch {
        return null;
      }
    };
  }
  // Firefox gives content scripts the root as a property of the element.
  if (typeof Element !== 'undefined' && 'openOrClosedShadowRoot' in Element.prototype) {
    return (element) =>
      (element as Element & { openOrClosedShadowRoot?: ShadowRoot | null })
        .openOrClosedShadowRoot ?? null;
  }
  return null;
}

const readClosedRoot = closedRootReader();

/** Whether an element may host a shadow root at all. */
export function canHostShadowRoot(element: Element): boolean {
  const name = element.localName;
  return name.includes('-') || SHADOW_HOSTS.has(name);
}

/** The element's shadow root, open or (through the extension API) closed, or null. */
export function shadowRootOf(element: Element): ShadowRoot | null {
  const open = element.shadowRoot;
  if (open) return open;
  if (!readClosedRoot || !canHostShadowRoot(element)) return null;
  return readClosedRoot(element);
}

/** Whether the closed-root API exists here (false in a plain page, as in tests). */
export const canReadClosedRoots = readClosedRoot !== null;

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
