// ## Owns
// The state a tree line shows for an element: a text field's value (never a secret
// field's), checked, selected, expanded, pressed, disabled, required, invalid,
// focused, read-only, a heading's level, a link's address, a range's value and a
// select's options with the chosen one marked.
// ## Never
// Prints the value of a field the shared credential-field detector withholds (a
// password, one-time code, card number or CVC, IBAN, API key, or a value shaped like
// one): the line says `secret` (and `filled` when it holds something) so the model
// knows the field is there without learning its content.

import { isSecretField } from '../read/field-privacy';
import { WIDGET_ROLES } from './roles';
import { shadowRootOf } from './flat-tree';

const VALUE_CHARS = 80;
const OPTION_CHARS = 40;
const MAX_OPTIONS_SHOWN = 12;
const HREF_CHARS = 120;

const TEXT_TYPES = new Set(['text', 'email', 'tel', 'url', 'search', 'number', '']);
const FORM_TAGS = new Set([
  'input',
  'select',
  'textarea',
  'button',
  'fieldset',
  'option',
  'optgroup',
]);
/**
 * Roles that can be disabled through aria-disabled on them or an ancestor: the operable
 * ones (a scrollbar's state is not one a person reads as "disabled") and their groups.
 */
const WIDGETS = new Set([
  ...[...WIDGET_ROLES].filter((role) => role !== 'scrollbar'),
  'group',
  'radiogroup',
]);

/** Whitespace flattened, clipped, quotes escaped: safe inside a quoted token of a line. */
export function quoted(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const clipped = flat.length > max ? `${flat.slice(0, max)}\u2026` : flat;
  return `"${clipped.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

function textValue(element: Element): string | null {
  const tag = element.localName;
  if (tag === 'textarea') return (element as HTMLTextAreaElement).value;
  if (tag === 'input') {
    const input = element as HTMLInputElement;
    if (TEXT_TYPES.has(input.type) || /^(date|time|datetime-local|month|week)$/.test(input.type))
      return input.value;
    return null;
  }
  // The attribute first: isContentEditable reads the element's style.
  if (
    element.getAttribute('contenteditable') !== null &&
    (element as HTMLElement).isContentEditable
  )
    return (element.textContent ?? '').slice(0, VALUE_CHARS * 4);
  return null;
}

/** A withheld list (a card's expiry month) lists its options without saying which is chosen. */
function optionsOf(select: HTMLSelectElement, all: boolean, hideChosen: boolean): string {
  const options = Array.from(select.options);
  const chosen = hideChosen ? 0 : options.findIndex((option) => option.selected);
  const limit = all ? options.length : MAX_OPTIONS_SHOWN;
  // Around the chosen option when there are many, so it is among those shown.
  const start = all ? 0 : Math.max(0, Math.min(chosen - 2, options.length - limit));
  const shown = options.slice(start, start + limit).map((option) => {
    const label = quoted(option.label || option.text, OPTION_CHARS);
    return option.selected && !hideChosen ? `[${label}]` : label;
  });
  const before = start > 0 ? `(${start} before) ` : '';
  const after = options.length - start - shown.length;
  return `options: ${before}${shown.join(' | ')}${after > 0 ? ` (+${after} more)` : ''}`;
}

/** The document's base and origin, read once per document state (both are slow to read). */
let baseCache: { doc: Document; href: string; base: URL | null; origin: string } | null = null;

function baseOf(doc: Document): { base: URL | null; origin: string } {
  const href = doc.URL;
  if (baseCache?.doc === doc && baseCache.href === href) return baseCache;
  let base: URL | null = null;
  try {
    base = new URL(doc.baseURI);
  } catch {
    base = null;
  }
  baseCache = { doc, href, base, origin: base?.origin ?? '' };
  return baseCache;
}

function relativeHref(link: Element): string | null {
  const raw = link.getAttribute('href');
  if (raw === null) return null;
  if (/^\s*javascript:/i.test(raw)) return 'javascript:';
  let shown = raw.trim();
  // A path on this site shows as written; anything else is resolved and shown whole
  // unless it lands on this site.
  if (!(shown.startsWith('/') && !shown.startsWith('//'))) {
    const { base, origin } = baseOf(link.ownerDocument);
    try {
      const url = new URL(shown, base ?? undefined);
      shown = url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
    } catch {
      // An unparsable href shows as written.
    }
  }
  return shown.length > HREF_CHARS ? `${shown.slice(0, HREF_CHARS)}\u2026` : shown;
}

/** The focused element, looking into shadow roots (closed ones too). */
export function deepActiveElement(doc: Document): Element | null {
  let active = doc.activeElement;
  for (let depth = 0; active && depth < 32; depth += 1) {
    const inner = shadowRootOf(active)?.activeElement;
    if (!inner || inner === active) break;
    active = inner;
  }
  return active;
}

function matchesSafely(element: Element, selector: string): boolean {
  try {
    return element.matches(selector);
  } catch {
    return false;
  }
}

/** The state words of one line (empty when there is nothing to say). */
export interface StateContext {
  /** List every option of a select (its own subtree was asked for). */
  readonly allOptions: boolean;
  /** The focused element of the walk's document (deepActiveElement). */
  readonly focused: Element | null;
}

export function stateOf(element: Element, role: string, context: StateContext): string {
  const parts: string[] = [];
  // An element without attributes (most structure) answers every lookup with null.
  const hasAttributes = element.hasAttributes();
  const aria = (name: string) => (hasAttributes ? element.getAttribute(name) : null);
  const tag = element.localName;
  if (role === 'heading') {
    const level = aria('aria-level') ?? (/^h[1-6]$/.test(tag) ? tag.slice(1) : null);
    if (level) parts.push(`level=${level.slice(0, 2)}`);
  }
  const value = textValue(element);
  if (value !== null) {
    const secret = isSecretField(element);
    if (secret) parts.push(value === '' ? 'secret' : 'secret filled');
    else if (value !== '') parts.push(`value=${quoted(value, VALUE_CHARS)}`);
    const type = tag === 'input' ? (element as HTMLInputElement).type : '';
    if (type !== '' && type !== 'text' && !secret) parts.push(`type=${type}`);
  } else if (tag === 'input' && (element as HTMLInputElement).type === 'password') {
    parts.push((element as HTMLInputElement).value === '' ? 'secret' : 'secret filled');
  }
  if (tag === 'input' && /^(checkbox|radio)$/.test((element as HTMLInputElement).type)) {
    const input = element as HTMLInputElement;
    parts.push(input.indeterminate ? 'mixed' : input.checked ? 'checked' : 'unchecked');
  } else {
    const checked = aria('aria-checked');
    if (
      checked !== null &&
      /^(checkbox|radio|switch|menuitemcheckbox|menuitemradio|option|treeitem)$/.test(role)
    )
      parts.push(checked === 'mixed' ? 'mixed' : checked === 'true' ? 'checked' : 'unchecked');
  }
  const pressed = aria('aria-pressed');
  if (pressed === 'true' || pressed === 'mixed') parts.push('pressed');
  if (aria('aria-selected') === 'true') parts.push('selected');
  if (tag === 'summary' && element.parentElement?.localName === 'details')
    parts.push((element.parentElement as HTMLDetailsElement).open ? 'expanded' : 'collapsed');
  else if (aria('aria-expanded') === 'true') parts.push('expanded');
  else if (aria('aria-expanded') === 'false') parts.push('collapsed');
  if (role === 'slider' || role === 'spinbutton' || role === 'progressbar' || role === 'meter') {
    const now =
      aria('aria-valuetext') ??
      aria('aria-valuenow') ??
      (tag === 'input' || tag === 'progress' || tag === 'meter'
        ? String((element as HTMLInputElement).value)
        : null);
    if (now !== null && value === null) parts.push(`value=${quoted(now, VALUE_CHARS)}`);
  }
  if (tag === 'select') {
    const secret = isSecretField(element);
    if (secret) parts.push('secret');
    parts.push(optionsOf(element as HTMLSelectElement, context.allOptions, secret));
  }
  if (role === 'link') {
    const href = relativeHref(element);
    if (href !== null) parts.push(`href=${quoted(href, HREF_CHARS)}`);
  }
  // Form states exist on form controls (and, through ARIA, on any widget).
  const field = FORM_TAGS.has(tag);
  if (
    (field && matchesSafely(element, ':disabled')) ||
    (WIDGETS.has(role) && element.closest('[aria-disabled="true"]'))
  )
    parts.push('disabled');
  if (
    (field && (element as HTMLInputElement).required === true) ||
    aria('aria-required') === 'true'
  )
    parts.push('required');
  if (
    (field && (element as HTMLInputElement).readOnly === true) ||
    aria('aria-readonly') === 'true'
  )
    parts.push('readonly');
  const invalid = aria('aria-invalid');
  if (
    (invalid !== null && invalid !== 'false') ||
    (field && matchesSafely(element, ':user-invalid'))
  )
    parts.push('invalid');
  if (aria('aria-current') !== null && aria('aria-current') !== 'false') parts.push('current');
  if ((tag === 'dialog' && matchesSafely(element, ':modal')) || aria('aria-modal') === 'true')
    parts.push('modal');
  if (context.focused === element) parts.push('focused');
  return parts.join(' ');
}
