// ## Owns
// What a person would hit at a point of this frame: the top-most element there,
// followed into shadow roots (open or closed), and whether that element is the
// target or inside it. A short description of an element for messages.
// ## Why through shadow roots
// document.elementFromPoint stops at a shadow host; the button inside a component
// is what a click reaches, and an overlay inside one is what covers a target.

type ClosedRootReader = (element: HTMLElement) => ShadowRoot | null;

/** The extension's reader of closed shadow roots (Chrome's, then Firefox's), or open roots only. */
function shadowRootOf(element: Element): ShadowRoot | null {
  const scope = globalThis as {
    chrome?: { dom?: { openOrClosedShadowRoot?: ClosedRootReader } };
  };
  const reader = scope.chrome?.dom?.openOrClosedShadowRoot;
  if (typeof reader === 'function' && element instanceof HTMLElement) {
    try {
      return reader(element);
    } catch {
      return element.shadowRoot;
    }
  }
  const firefox = (element as { openOrClosedShadowRoot?: ShadowRoot | null })
    .openOrClosedShadowRoot;
  return firefox ?? element.shadowRoot;
}

/** Nested shadow roots followed at most; a page cannot make the walk endless. */
const MAX_SHADOW_DEPTH = 32;

/** The top-most element at (x, y) of this frame's viewport, inside shadow roots. */
export function deepElementFromPoint(doc: Document, x: number, y: number): Element | null {
  let hit = doc.elementFromPoint(x, y);
  for (let depth = 0; hit && depth < MAX_SHADOW_DEPTH; depth += 1) {
    const root = shadowRootOf(hit);
    const inner = root?.elementFromPoint(x, y) ?? null;
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

/** The parent in the flat tree: the element's parent, or its shadow root's host. */
function composedParent(element: Element): Element | null {
  if (element.parentElement) return element.parentElement;
  const root = element.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

/** Whether `hit` is `target` or lies inside it, across shadow boundaries. */
export function isWithin(hit: Element, target: Element): boolean {
  for (let node: Element | null = hit; node; node = composedParent(node)) {
    if (node === target) return true;
  }
  return false;
}

const collapse = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}\u2026` : flat;
};

/** "button \"Save\"", "div#overlay.modal \"Subscribe to our newsletter\"": enough to name it. */
export function describeElement(element: Element, max = 160): string {
  const role = element.getAttribute('role');
  const id = element.id ? `#${element.id}` : '';
  const classes = [...element.classList]
    .slice(0, 2)
    .map((name) => `.${name}`)
    .join('');
  const head = `${element.localName}${id}${classes}${role ? `[role=${role}]` : ''}`.slice(0, 80);
  const label =
    element.getAttribute('aria-label') ??
    element.getAttribute('title') ??
    element.getAttribute('placeholder') ??
    (element instanceof HTMLElement ? element.innerText : element.textContent) ??
    '';
  const name = collapse(label, Math.max(0, max - head.length - 3));
  return name ? `${head} "${name}"` : head;
}
