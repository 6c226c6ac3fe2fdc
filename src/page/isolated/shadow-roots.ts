// ## Owns
// Opening a shadow root from the extension's isolated world, closed ones included
// (`chrome.dom.openOrClosedShadowRoot` in Chromium, `element.openOrClosedShadowRoot`
// in Firefox), which page scripts cannot do.
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

/** Hosts of our own on-page UI: their roots stay closed to our readers too. */
const OWN_HOSTS = new WeakSet<Element>();

/**
 * Marks `host` as our own UI (the acting-tab indicator): the readers do not open its
 * shadow root, so what we draw on a page never reads as the page's content.
 */
export function markOwnUi(host: Element): void {
  OWN_HOSTS.add(host);
}

/** The element's shadow root, open or (through the extension API) closed, or null. */
export function shadowRootOf(element: Element): ShadowRoot | null {
  if (OWN_HOSTS.has(element)) return null;
  const open = element.shadowRoot;
  if (open) return open;
  if (!readClosedRoot || !canHostShadowRoot(element)) return null;
  return readClosedRoot(element);
}

/** Whether the closed-root API exists here (false in a plain page, as in tests). */
export const canReadClosedRoots = readClosedRoot !== null;
