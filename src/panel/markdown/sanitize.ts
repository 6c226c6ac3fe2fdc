/**
 * ## The sanitizer: untrusted HTML string -> inert DocumentFragment
 *
 * A private DOMPurify instance (hooks on the shared default instance would leak into
 * other callers) with a strict allowlist. Anything not listed is removed; the text of
 * removed formatting elements is kept, the content of script/style-like elements is
 * dropped by DOMPurify itself. The allowlist is exported so the hostile-corpus tests
 * assert against the same lists the sanitizer uses.
 */
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { CODE_LANGUAGE_PATTERN } from './markdown-parser';

/** Elements that may appear in rendered Markdown. */
export const ALLOWED_TAGS: readonly string[] = [
  'p',
  'br',
  'strong',
  'em',
  'del',
  'a',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/**
 * Attributes that may appear. Beyond href/title: `class` only as a validated
 * `language-*` on <code>, and `start` only as a number on <ol>, because an answer that
 * puts a code block between "1." and "2." otherwise restarts its numbering at 1.
 */
export const ALLOWED_ATTRIBUTES: readonly string[] = ['href', 'title', 'class', 'start'];

const LIST_START_PATTERN = /^\d{1,9}$/;

/** The per-element attribute rule shared by the DOMPurify hook and our own pass. */
export function keepAttribute(elementName: string, name: string, value: string): boolean {
  switch (name) {
    case 'href':
      return elementName === 'a';
    case 'title':
      return true;
    case 'class':
      return (
        elementName === 'code' &&
        value.startsWith('language-') &&
        CODE_LANGUAGE_PATTERN.test(value.slice('language-'.length))
      );
    case 'start':
      return elementName === 'ol' && LIST_START_PATTERN.test(value);
    default:
      return false;
  }
}

const CONFIG: Config & { RETURN_DOM_FRAGMENT: true } = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...ALLOWED_ATTRIBUTES],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOWED_URI_REGEXP: /^(?:https:|mailto:)/i,
  // Not a URL, so exempt from the URI check; the hook allows only digits on <ol>.
  ADD_URI_SAFE_ATTR: ['start'],
  // Stryker disable all: defence in depth; none of these is in ALLOWED_TAGS or ALLOWED_ATTR, so DOMPurify drops them without these lists too
  FORBID_TAGS: [
    'style',
    'script',
    'iframe',
    'object',
    'embed',
    'form',
    'input',
    'button',
    'img',
    'svg',
    'math',
  ],
  FORBID_ATTR: ['style', 'src', 'srcset', 'action', 'formaction'],
  // Stryker restore all
  SAFE_FOR_TEMPLATES: false,
  WHOLE_DOCUMENT: false,
  // Parse as body content from the first character: without it a leading <h1> is
  // mis-parsed by some DOM implementations (seen in happy-dom) and loses its tag.
  FORCE_BODY: true,
  RETURN_DOM_FRAGMENT: true,
};

let instance: DOMPurify | null = null;

function purifier(): DOMPurify {
  if (instance !== null) return instance;
  const created = createDOMPurify(window);
  created.addHook('uponSanitizeAttribute', (node, event) => {
    if (event.attrName !== 'class' && event.attrName !== 'start') return;
    event.keepAttr = keepAttribute(node.localName, event.attrName, event.attrValue);
  });
  instance = created;
  return created;
}

/** Elements whose content is never shown as text when the element is removed. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
  'select',
  'head',
  'frameset',
]);
const ALLOWED_TAG_SET = new Set(ALLOWED_TAGS);

/**
 * Our own allowlist walk over the sanitized fragment: unlisted elements are unwrapped
 * (or dropped with their content for script-like ones) and unlisted attributes removed.
 * It repeats DOMPurify's job on purpose. DOMPurify depends on a spec-conformant DOM
 * (its NodeIterator must survive node removal, and it reads names through the
 * Node.prototype getters); happy-dom is not, so without this pass the guarantee would
 * hold in Chrome but not in the environment our tests run in. Snapshot-based, O(n).
 */
export function enforceAllowlist(root: DocumentFragment): void {
  for (const element of Array.from(root.querySelectorAll('*'))) {
    if (element.getRootNode() !== root) continue;
    const name = element.localName;
    if (!ALLOWED_TAG_SET.has(name) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
      if (DROP_WITH_CONTENT.has(name)) element.remove();
      else element.replaceWith(...Array.from(element.childNodes));
      continue;
    }
    for (const attribute of Array.from(element.attributes)) {
      if (!keepAttribute(name, attribute.name, attribute.value))
        element.removeAttribute(attribute.name);
    }
  }
  // Comments and processing instructions carry no content the user needs.
  const walker = root.ownerDocument.createTreeWalker(
    root,
    NodeFilter.SHOW_COMMENT | NodeFilter.SHOW_PROCESSING_INSTRUCTION,
  );
  const strays: Node[] = [];
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) strays.push(node);
  for (const node of strays) node.parentNode?.removeChild(node);
}

/** Sanitizes an HTML string into a fragment holding only allowlisted nodes. */
export function sanitizeToFragment(html: string): DocumentFragment {
  const fragment = purifier().sanitize(html, CONFIG);
  // Guard against a misconfigured or unsupported DOMPurify returning something else.
  // Stryker disable all: RETURN_DOM_FRAGMENT always yields a fragment; the guard is for a broken DOMPurify build
  if (fragment.nodeType !== Node.DOCUMENT_FRAGMENT_NODE)
    throw new Error('Sanitizer did not return a fragment.');
  // Stryker restore all
  return fragment;
}
