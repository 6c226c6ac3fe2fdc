// ## Owns
// Accessible names, computed the way the W3C accname algorithm and HTML-AAM say for
// the markup people write: aria-labelledby (through the browser's element reflection
// where it resolves references, else by id in the element's own tree), aria-label,
// label[for] and wrapping labels (el.labels), controls embedded in a label (a text
// field's value, a select's chosen option, a slider's value), alt, button-type input
// values, fieldset legends, table captions, figure captions, name from content for
// the roles that take it, then title and a text field's placeholder.
// ## Why our own and not dom-accessibility-api
// The library was 2.5x slower on a full page and its first call took seconds. This
// computation follows its steps (a test compares the two on a corpus of real-world
// markup in Chromium) but walks the flat tree (what a shadow host renders), stops
// collecting text once a name is long enough, and reads each element's style once.
import { shadowRootOf } from './flat-tree';
import { labelsOf } from './label-index';
import { NAME_FROM_CONTENT, clip, computeName, flatten } from './name-steps';

export { NAME_FROM_CONTENT, clip };

export interface NameOptions {
  /** Longest name returned (an ellipsis marks a cut). */
  readonly maxChars?: number;
  /** The element's role, when the caller already computed it. */
  readonly role?: string | null;
}

/**
 * The accessible name of `element`, whitespace flattened. Markup with one possible
 * answer (the common case) is named without the full computation; the result is the
 * same, which the oracle test checks against dom-accessibility-api.
 */
export function accessibleName(element: Element, options: NameOptions | number = {}): string {
  const { maxChars = 400, role } = typeof options === 'number' ? { maxChars: options } : options;
  const quick = quickName(element, role, maxChars);
  if (quick !== null) return clip(quick, maxChars);
  return computeName(element, maxChars);
}

/**
 * The name where the markup leaves one answer: aria-label with no aria-labelledby,
 * labels holding only text (and the control itself), alt, and plain text content
 * for name-from-content roles. Null when the full steps are needed.
 */
function quickName(
  element: Element,
  role: string | null | undefined,
  maxChars: number,
): string | null {
  if (element.hasAttribute('aria-labelledby') || role === 'none' || role === 'presentation')
    return null;
  const label = element.getAttribute('aria-label');
  if (label !== null && label.trim() !== '') return flatten(label);
  const tag = element.localName;
  // A structural element (a list, a row, a section) with a known role can only be
  // named by its title: nothing of its own names it, and its content does not.
  if (
    role !== undefined &&
    (role === null || !NAME_FROM_CONTENT.has(role)) &&
    !LABELABLE.has(tag) &&
    !NATIVELY_NAMED.has(tag) &&
    !tag.includes('-') &&
    !element.hasAttribute('aria-placeholder')
  ) {
    const title = element.getAttribute('title');
    return title !== null && title.trim() !== '' ? flatten(title) : '';
  }
  if (tag === 'img') {
    const alt = element.getAttribute('alt');
    return alt !== null && alt.trim() !== '' ? flatten(alt) : null;
  }
  if (LABELABLE.has(tag)) {
    const labels = labelsOf(element);
    if (labels.length > 0) {
      const texts: string[] = [];
      for (const one of labels) {
        const text = plainContent(one, maxChars, element);
        if (text === null) return null;
        if (text !== '') texts.push(text);
      }
      if (texts.length > 0) return texts.join(' ');
    }
    if (tag !== 'button') return null;
  }
  if (role !== null && role !== undefined && NAME_FROM_CONTENT.has(role)) {
    const text = plainContent(element, maxChars, null);
    if (text !== null && text !== '') return text;
  }
  return null;
}

/** Elements named by a part or attribute of their own (legend, caption, alt, label). */
const NATIVELY_NAMED = new Set(['area', 'fieldset', 'figure', 'img', 'optgroup', 'svg', 'table']);

/** Elements a <label> can label (HTML's labelable elements). */
const LABELABLE = new Set(['button', 'input', 'meter', 'output', 'progress', 'select', 'textarea']);

/**
 * The text of an element whose content is text only (besides `skip`, the control a
 * label holds): no shadow root, no hidden attribute, no other element children.
 * Null when the full steps are needed.
 */
function plainContent(element: Element, maxChars: number, skip: Element | null): string | null {
  if (element.hasAttribute('hidden') || element.hasAttribute('aria-owns')) return null;
  const tag = element.localName;
  if (tag === 'input' || tag === 'img' || tag === 'slot' || tag.includes('-')) return null;
  if (shadowRootOf(element) !== null) return null;
  let text = '';
  for (let child = element.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 1) {
      if (child === skip) {
        text += ' ';
        continue;
      }
      return null;
    }
    if (child.nodeType === 3) {
      const data = (child as Text).data;
      text += data.length > maxChars * 2 ? data.slice(0, maxChars * 2) : data;
      if (text.length > maxChars * 2) break;
    }
  }
  return flatten(text);
}
