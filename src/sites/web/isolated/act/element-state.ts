// ## Owns
// An element's state as a person sees it after an action (value, checked, expanded,
// selected, disabled), the focused element through shadow roots, and the open
// dialogs, so the worker can report what an action changed. A field the shared
// credential-field detector withholds reads back as one dot per character: enough to
// tell the text went in, nothing of what it says.
import { withheldReason } from '../read/field-privacy';
import { MAX_VALUE_CHARS, type ControlKind, type ElementState } from '../../methods/act-methods';
import { describeElement } from './hit-test';

const TEXT_INPUT_TYPES = new Set([
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
  '',
]);

/** What typing into `element` would do: a field, an editable region, or a control typing does not fit. */
export function controlKindOf(element: Element): ControlKind {
  if (element instanceof HTMLTextAreaElement) return 'text';
  if (element instanceof HTMLSelectElement) return 'select';
  if (element instanceof HTMLInputElement) {
    const type = element.type.toLowerCase();
    if (type === 'checkbox') return 'checkbox';
    if (type === 'radio') return 'radio';
    if (type === 'file') return 'file';
    return TEXT_INPUT_TYPES.has(type) ? 'text' : 'other';
  }
  if (element instanceof HTMLElement && element.isContentEditable) return 'contenteditable';
  const role = element.getAttribute('role');
  if (role === 'textbox' || role === 'searchbox' || role === 'combobox') return 'text';
  return 'other';
}

/** Whether the element (or a fieldset around it) is disabled. */
export function isDisabled(element: Element): boolean {
  if (element.matches(':disabled')) return true;
  return element.closest('[aria-disabled="true"]') !== null;
}

const ariaBoolean = (element: Element, name: string): boolean | null => {
  const value = element.getAttribute(name);
  return value === 'true' ? true : value === 'false' ? false : null;
};

function masked(element: Element, value: string): string {
  return withheldReason(element) === null ? value : '\u2022'.repeat(value.length);
}

export function elementState(element: Element | null): ElementState {
  if (!element) {
    return {
      found: false,
      value: null,
      checked: null,
      expanded: null,
      selected: null,
      disabled: false,
    };
  }
  let value: string | null = null;
  let checked = ariaBoolean(element, 'aria-checked');
  if (
    element instanceof HTMLInputElement &&
    (element.type === 'checkbox' || element.type === 'radio')
  )
    checked = element.checked;
  else if (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  )
    value = masked(element, element.value);
  else if (element instanceof HTMLElement && element.isContentEditable)
    value = masked(element, element.innerText);
  const withheld = value !== null && withheldReason(element) !== null;
  return {
    found: true,
    value: value === null ? null : value.slice(0, MAX_VALUE_CHARS + 1),
    ...(withheld ? { withheld } : {}),
    checked,
    expanded: ariaBoolean(element, 'aria-expanded'),
    selected: ariaBoolean(element, 'aria-selected'),
    disabled: isDisabled(element),
  };
}

/** The focused element through shadow roots and same-document focus, or null. */
export function focusedElement(doc: Document): Element | null {
  let active: Element | null = doc.activeElement;
  for (let depth = 0; active?.shadowRoot?.activeElement && depth < 32; depth += 1)
    active = active.shadowRoot.activeElement;
  if (!active || active === doc.body || active === doc.documentElement) return null;
  return active;
}

/** Most dialogs listed; a page full of them is summarised by the first ones. */
const MAX_DIALOGS = 16;

/** Dialogs a person would see: open <dialog>s and shown role=dialog/alertdialog elements. */
export function openDialogs(doc: Document): string[] {
  const found: string[] = [];
  for (const element of doc.querySelectorAll(
    'dialog[open], [role="dialog"], [role="alertdialog"], [aria-modal="true"]',
  )) {
    if (found.length >= MAX_DIALOGS) break;
    if (element instanceof HTMLElement && !element.checkVisibility()) continue;
    found.push(describeElement(element, 120));
  }
  return found;
}
