// ## Owns
// An element's role: the first ARIA role in its `role` attribute that ARIA defines,
// else its implicit role per HTML-AAM (a button, a link with href, a heading, a list,
// a table cell, a checkbox input, a landmark scoped as HTML-AAM scopes it, ...).
// `presentation`/`none` is ignored where ARIA says so (the element is focusable or
// carries a global ARIA attribute). Elements without a role of their own are
// `generic` (wrappers) or null (nothing to show: scripts, metadata).

/** The ARIA roles a page may ask for (ARIA 1.2 and 1.3, abstract roles excluded). */
const ARIA_ROLES = new Set(
  (
    'alert alertdialog application article banner blockquote button caption cell checkbox ' +
    'code columnheader combobox comment complementary contentinfo definition deletion dialog ' +
    'directory document emphasis feed figure form generic grid gridcell group heading image img ' +
    'insertion link list listbox listitem log main mark marquee math menu menubar menuitem ' +
    'menuitemcheckbox menuitemradio meter navigation none note option paragraph presentation ' +
    'progressbar radio radiogroup region row rowgroup rowheader scrollbar search searchbox ' +
    'sectionfooter sectionheader separator slider spinbutton status strong subscript suggestion ' +
    'superscript switch tab table tablist tabpanel term textbox time timer toolbar tooltip tree ' +
    'treegrid treeitem'
  ).split(' '),
);

/** Global ARIA attributes whose presence overrides presentation/none. */
const GLOBAL_ARIA = [
  'aria-atomic',
  'aria-busy',
  'aria-controls',
  'aria-current',
  'aria-describedby',
  'aria-description',
  'aria-details',
  'aria-dropeffect',
  'aria-flowto',
  'aria-grabbed',
  'aria-keyshortcuts',
  'aria-label',
  'aria-labelledby',
  'aria-live',
  'aria-owns',
  'aria-relevant',
  'aria-roledescription',
];

/** Tags with a fixed implicit role. */
const TAG_ROLES: Readonly<Record<string, string>> = {
  article: 'article',
  blockquote: 'blockquote',
  button: 'button',
  caption: 'caption',
  code: 'code',
  datalist: 'listbox',
  dd: 'definition',
  del: 'deletion',
  details: 'group',
  dfn: 'term',
  dialog: 'dialog',
  dt: 'term',
  em: 'emphasis',
  fieldset: 'group',
  figure: 'figure',
  h1: 'heading',
  h2: 'heading',
  h3: 'heading',
  h4: 'heading',
  h5: 'heading',
  h6: 'heading',
  hr: 'separator',
  html: 'document',
  iframe: 'iframe',
  frame: 'iframe',
  ins: 'insertion',
  li: 'listitem',
  main: 'main',
  mark: 'mark',
  math: 'math',
  menu: 'list',
  meter: 'meter',
  nav: 'navigation',
  ol: 'list',
  optgroup: 'group',
  option: 'option',
  output: 'status',
  p: 'paragraph',
  progress: 'progressbar',
  search: 'search',
  strong: 'strong',
  sub: 'subscript',
  summary: 'button',
  sup: 'superscript',
  table: 'table',
  tbody: 'rowgroup',
  textarea: 'textbox',
  tfoot: 'rowgroup',
  thead: 'rowgroup',
  time: 'time',
  tr: 'row',
  ul: 'list',
  audio: 'audio',
  video: 'video',
};

/** Elements that never show as a line (or in a name). */
export const SKIPPED_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'meta',
  'link',
  'title',
  'head',
  'base',
]);

const INPUT_ROLES: Readonly<Record<string, string>> = {
  button: 'button',
  image: 'button',
  reset: 'button',
  submit: 'button',
  file: 'button',
  color: 'button',
  checkbox: 'checkbox',
  radio: 'radio',
  range: 'slider',
  number: 'spinbutton',
  search: 'searchbox',
};

const SECTIONING = new Set(['article', 'aside', 'main', 'nav', 'section']);

function hasGlobalAria(element: Element): boolean {
  for (const name of GLOBAL_ARIA) if (element.hasAttribute(name)) return true;
  return false;
}

function isFocusable(element: Element): boolean {
  return (
    element.hasAttribute('tabindex') ||
    (element as HTMLElement).isContentEditable === true ||
    element.localName === 'button' ||
    element.localName === 'input' ||
    element.localName === 'select' ||
    element.localName === 'textarea' ||
    ((element.localName === 'a' || element.localName === 'area') && element.hasAttribute('href'))
  );
}

/** The role a page asked for, if ARIA defines it. */
export function explicitRole(element: Element): string | null {
  const attribute = element.hasAttributes() ? element.getAttribute('role') : null;
  if (!attribute) return null;
  for (const token of attribute.trim().toLowerCase().split(/\s+/)) {
    if (ARIA_ROLES.has(token)) return token === 'image' ? 'img' : token;
  }
  return null;
}

/** Whether a header/footer/aside is scoped to a sectioning element (then it is generic). */
function insideSectioning(element: Element): boolean {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (SECTIONING.has(parent.localName)) return true;
    const role = parent.getAttribute('role');
    if (role && /\b(article|complementary|main|navigation|region)\b/.test(role)) return true;
  }
  return false;
}

function hasAccessibleNameAttribute(element: Element): boolean {
  return (
    (element.getAttribute('aria-label') ?? '').trim() !== '' ||
    element.hasAttribute('aria-labelledby') ||
    (element.getAttribute('title') ?? '').trim() !== ''
  );
}

function inputRole(input: HTMLInputElement): string | null {
  const type = input.type;
  if (type === 'hidden') return null;
  const fixed = INPUT_ROLES[type];
  if (fixed) return type === 'search' && input.hasAttribute('list') ? 'combobox' : fixed;
  // text, email, tel, url, password and the date/time types take text.
  return input.hasAttribute('list') ? 'combobox' : 'textbox';
}

function cellRole(cell: Element): string {
  const table = cell.closest('table');
  const gridRole = table?.getAttribute('role');
  if (cell.localName === 'td')
    return gridRole === 'grid' || gridRole === 'treegrid' ? 'gridcell' : 'cell';
  const scope = cell.getAttribute('scope');
  if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
  if (scope === 'col' || scope === 'colgroup') return 'columnheader';
  // A header cell in a row's first position with data cells after it heads the row.
  const row = cell.parentElement;
  if (row && row.firstElementChild === cell && row.querySelector(':scope > td')) {
    return row.parentElement?.localName === 'thead' ? 'columnheader' : 'rowheader';
  }
  return 'columnheader';
}

/** The implicit role per HTML-AAM; 'generic' for wrappers; null for elements without one. */
export function implicitRole(element: Element): string | null {
  const name = element.localName;
  const fixed = TAG_ROLES[name];
  if (fixed) return fixed;
  switch (name) {
    case 'a':
    case 'area':
      return element.hasAttribute('href') ? 'link' : 'generic';
    case 'img': {
      const alt = element.getAttribute('alt');
      if (alt === '' && !hasGlobalAria(element) && !element.hasAttribute('title'))
        return 'presentation';
      return 'img';
    }
    case 'svg':
      return 'img';
    case 'input':
      return inputRole(element as HTMLInputElement);
    case 'select': {
      const select = element as HTMLSelectElement;
      return select.multiple || select.size > 1 ? 'listbox' : 'combobox';
    }
    case 'td':
    case 'th':
      return cellRole(element);
    case 'header':
      return insideSectioning(element) ? 'generic' : 'banner';
    case 'footer':
      return insideSectioning(element) ? 'generic' : 'contentinfo';
    case 'aside':
      return insideSectioning(element) && !hasAccessibleNameAttribute(element)
        ? 'generic'
        : 'complementary';
    case 'section':
      return hasAccessibleNameAttribute(element) ? 'region' : 'generic';
    case 'form':
      return 'form';
    case 'address':
    case 'hgroup':
      return 'group';
    case 'label':
    case 'legend':
    case 'figcaption':
    case 'span':
    case 'div':
    case 'b':
    case 'i':
    case 'u':
    case 's':
    case 'small':
    case 'pre':
    case 'bdi':
    case 'bdo':
    case 'body':
    case 'picture':
    case 'q':
    case 'samp':
    case 'data':
      return 'generic';
    case 'br':
    case 'wbr':
    case 'canvas':
    case 'embed':
    case 'object':
    case 'slot':
      return null;
    default:
      return SKIPPED_TAGS.has(name) ? null : 'generic';
  }
}

/** The element's role: explicit where allowed, else implicit. */
export function roleOf(element: Element): string | null {
  const explicit = explicitRole(element);
  if (explicit === null) return implicitRole(element);
  if (explicit === 'presentation' || explicit === 'none') {
    // ARIA: a focusable element or one with a global attribute keeps its own role.
    if (isFocusable(element) || hasGlobalAria(element)) return implicitRole(element);
    return 'none';
  }
  return explicit;
}

/** Roles a person can operate. */
export const WIDGET_ROLES = new Set([
  'button',
  'checkbox',
  'combobox',
  'gridcell',
  'link',
  'listbox',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'radio',
  'scrollbar',
  'searchbox',
  'slider',
  'spinbutton',
  'switch',
  'tab',
  'textbox',
  'treeitem',
]);

/** Whether the element is something a person operates (a control, a link, an editable). */
export function isInteractive(element: Element, role: string | null): boolean {
  if (role !== null && WIDGET_ROLES.has(role) && role !== 'gridcell') return true;
  const name = element.localName;
  if (name === 'input' || name === 'select' || name === 'textarea' || name === 'button')
    return true;
  if (name === 'summary' || (name === 'a' && element.hasAttribute('href'))) return true;
  if (!element.hasAttributes()) return false;
  // The attribute first: isContentEditable reads the element's style.
  if (
    element.getAttribute('contenteditable') !== null &&
    (element as HTMLElement).isContentEditable
  )
    return true;
  // Handlers set in markup are visible here; those added by script are not.
  if (element.hasAttribute('onclick')) return true;
  // A focusable wrapper (tabindex) is a custom control; focusable containers such as
  // dialogs and panels are not.
  const tabindex = element.getAttribute('tabindex');
  if (tabindex === null || !(Number(tabindex) >= 0)) return false;
  return role === null || role === 'generic' || role === 'none' || role === 'img';
}
