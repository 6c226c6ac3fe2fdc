// ## Owns
// Which elements become lines (by filter), which elements the walk does not enter,
// where text runs break, and which open popups are hoisted to the top as overlays.
import type { TreeFilter } from '../../methods/tree-methods';

/** Roles that carry structure or meaning worth a line of their own. */
const STRUCTURE_ROLES = new Set([
  'alert',
  'alertdialog',
  'application',
  'article',
  'audio',
  'banner',
  'cell',
  'columnheader',
  'complementary',
  'contentinfo',
  'dialog',
  'feed',
  'figure',
  'form',
  'grid',
  'gridcell',
  'heading',
  'iframe',
  'list',
  'listitem',
  'log',
  'main',
  'marquee',
  'math',
  'menu',
  'menubar',
  'meter',
  'navigation',
  'note',
  'progressbar',
  'radiogroup',
  'region',
  'row',
  'rowheader',
  'search',
  'status',
  'table',
  'tablist',
  'tabpanel',
  'timer',
  'toolbar',
  'tooltip',
  'tree',
  'treegrid',
  'video',
]);

/** Elements whose children are not walked: their content is their name or value. */
export const LEAF_TAGS = new Set([
  'select',
  'textarea',
  'option',
  'optgroup',
  'datalist',
  'svg',
  'math',
  'iframe',
  'frame',
  'object',
  'embed',
  'canvas',
  'video',
  'audio',
  'img',
  'input',
  'meter',
  'progress',
]);

/** Elements that start and end a block of text: text on either side is a new line. */
export const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'legend',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);

function hasNameAttribute(element: Element): boolean {
  return (
    (element.getAttribute('aria-label') ?? '').trim() !== '' ||
    element.hasAttribute('aria-labelledby') ||
    (element.getAttribute('title') ?? '').trim() !== ''
  );
}

/** Whether an element becomes a line under `filter`. */
export function keepsElement(
  filter: TreeFilter,
  element: Element,
  role: string | null,
  interactive: boolean,
  transparent: boolean,
): boolean {
  if (role === null) return false;
  if (interactive || role === 'iframe') return true;
  if (filter === 'interactive') return role === 'dialog' || role === 'alertdialog';
  if (transparent) return false;
  if (STRUCTURE_ROLES.has(role)) return true;
  if (role === 'img') {
    if (element.localName === 'svg')
      return hasNameAttribute(element) || element.querySelector(':scope > title') !== null;
    return (element.getAttribute('alt') ?? '').trim() !== '' || hasNameAttribute(element);
  }
  if (role === 'group') {
    const tag = element.localName;
    return (
      tag === 'fieldset' ||
      tag === 'details' ||
      element.hasAttribute('role') ||
      hasNameAttribute(element)
    );
  }
  return false;
}

/** Candidates for overlays in the document's own tree (shadow roots are found while walking). */
export const OVERLAY_SELECTOR =
  'dialog[open], [role~="dialog"], [role~="alertdialog"], [aria-modal="true"], [popover], [role~="menu"], [role~="listbox"]';

function matchesSafely(element: Element, selector: string): boolean {
  try {
    return element.matches(selector);
  } catch {
    return false;
  }
}

/**
 * Whether an element is an open popup the person would deal with first: a dialog,
 * an open popover, or a menu or listbox laid over the page.
 */
export function isOverlay(element: Element, role: string | null): boolean {
  if (element.localName === 'dialog') return (element as HTMLDialogElement).open;
  if (role === 'dialog' || role === 'alertdialog') return true;
  if (element.getAttribute('aria-modal') === 'true') return true;
  if (element.hasAttribute('popover') && matchesSafely(element, ':popover-open')) return true;
  if ((role === 'menu' || role === 'listbox') && !LEAF_TAGS.has(element.localName)) {
    const position = element.ownerDocument.defaultView?.getComputedStyle(element).position;
    return position === 'absolute' || position === 'fixed';
  }
  return false;
}
