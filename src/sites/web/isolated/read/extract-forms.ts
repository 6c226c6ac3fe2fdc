// ## Owns
// The forms section of `web/extract-data`: each form (and the fields outside any form)
// with its visible fields: label, type, name, whether required, the current value
// where field-privacy.ts allows it (never a password, hidden input, one-time code,
// card number or chosen file), checked state, a select's options, and why the form's
// own checks would refuse a value. Hidden inputs are counted, never listed.
import type { Collected } from './extract-collect';
import { costOf, type Budget } from './read-budget';
import { withheldReason, type WithheldReason } from './field-privacy';
import { collapse, visibleTextOf } from './visible-text';
import { fieldProblem } from './field-validity';

const MAX_FORMS = 10;
const MAX_FIELDS = 60;
const MAX_OPTIONS = 30;
const MAX_VALUE_CHARS = 500;
const MAX_LABEL_CHARS = 300;

export interface FieldData {
  label: string | null;
  type: string;
  name: string | null;
  required: boolean;
  disabled?: boolean;
  value?: string;
  valueCut?: boolean;
  withheld?: WithheldReason;
  /** For a withheld field: whether anything is in it (never what). */
  filled?: boolean;
  /** Why the form's own checks would refuse the value (field-validity.ts). */
  problem?: string;
  checked?: boolean;
  options?: { text: string; value: string; selected: boolean }[];
  optionCount?: number;
}

export interface FormData {
  name: string | null;
  action: string | null;
  method: string | null;
  /** False for the group of fields that belong to no form. */
  isForm: boolean;
  fields: FieldData[];
  fieldCount: number;
  hiddenInputs: number;
}

/** The field's label as a person or a screen reader would name it. */
export function fieldLabel(field: Element, collected: Collected): string | null {
  const root = field.getRootNode() as Document | ShadowRoot;
  const labelledBy = (field.getAttribute('aria-labelledby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((id) => root.getElementById?.(id))
    .filter((element): element is HTMLElement => element != null)
    .map((element) => visibleTextOf(element, MAX_LABEL_CHARS))
    .join(' ');
  const labels = Array.from((field as HTMLInputElement).labels ?? [])
    .map((label) => collected.textOf(label))
    .join(' ');
  const button =
    field.tagName === 'BUTTON'
      ? collected.textOf(field)
      : /^(submit|button|reset)$/i.test(field.getAttribute('type') ?? '')
        ? (field as HTMLInputElement).value
        : '';
  const candidates = [
    labelledBy,
    field.getAttribute('aria-label') ?? '',
    labels,
    button,
    field.getAttribute('placeholder') ?? '',
    field.getAttribute('title') ?? '',
  ];
  const label = candidates.map(collapse).find((text) => text !== '');
  return label === undefined ? null : label.slice(0, MAX_LABEL_CHARS);
}

function typeOf(field: Element): string {
  if (field.tagName === 'TEXTAREA') return 'textarea';
  if (field.tagName === 'SELECT')
    return (field as HTMLSelectElement).multiple ? 'select-multiple' : 'select';
  if (field.tagName === 'BUTTON') return (field as HTMLButtonElement).type;
  return (field as HTMLInputElement).type || 'text';
}

function fieldData(field: Element, collected: Collected): FieldData {
  const label = fieldLabel(field, collected);
  const type = typeOf(field);
  const control = field as HTMLInputElement;
  const data: FieldData = {
    label,
    type,
    name: field.getAttribute('name')?.slice(0, 200) ?? null,
    required: control.required === true,
  };
  if (control.disabled) data.disabled = true;
  if (type === 'submit' || type === 'button' || type === 'reset' || type === 'image') return data;
  const withheld = withheldReason(field, label ?? '');
  const problem = fieldProblem(field, withheld === null);
  if (problem !== null) data.problem = problem;
  if (withheld) {
    data.withheld = withheld;
    if (withheld !== 'hidden') data.filled = (control.value ?? '') !== '';
    return data;
  }
  if (type === 'checkbox' || type === 'radio') {
    data.checked = control.checked;
    if (control.value && control.value !== 'on')
      data.value = control.value.slice(0, MAX_VALUE_CHARS);
    return data;
  }
  if (field.tagName === 'SELECT') {
    const options = Array.from((field as HTMLSelectElement).options);
    data.options = options.slice(0, MAX_OPTIONS).map((option) => ({
      text: collapse(option.text).slice(0, 200),
      value: option.value.slice(0, 200),
      selected: option.selected,
    }));
    data.optionCount = options.length;
    return data;
  }
  const value = control.value ?? '';
  data.value = value.slice(0, MAX_VALUE_CHARS);
  if (value.length > MAX_VALUE_CHARS) data.valueCut = true;
  return data;
}

// A form's named fields shadow its own properties (`<input name="action">` makes
// `form.action` that input), so a form is read through the prototypes' own getters.
const formGetter = (name: 'action' | 'method') =>
  Object.getOwnPropertyDescriptor(HTMLFormElement.prototype, name)?.get as
    ((this: HTMLFormElement) => string) | undefined;
const formAction = formGetter('action');
const formMethod = formGetter('method');

const attribute = (form: HTMLFormElement | null, name: string, max: number) =>
  form ? (Element.prototype.getAttribute.call(form, name)?.slice(0, max) ?? null) : null;

const hiddenInputsOf = (form: HTMLFormElement) =>
  Element.prototype.querySelectorAll.call(form, 'input[type="hidden" i]').length;

export function extractForms(
  collected: Collected,
  budget: Budget,
): { items: FormData[]; total: number } {
  const items: FormData[] = [];
  for (const group of collected.forms.slice(0, MAX_FORMS)) {
    const form = group.form;
    const fields: FieldData[] = [];
    for (const field of group.fields.slice(0, MAX_FIELDS)) {
      const data = fieldData(field, collected);
      const cost = costOf(
        data.label ?? '',
        data.name ?? '',
        data.value ?? '',
        ...(data.options ?? []).flatMap((option) => [option.text, option.value]),
      );
      if (!budget.take(cost)) break;
      fields.push(data);
    }
    items.push({
      name: attribute(form, 'name', 200) ?? attribute(form, 'id', 200),
      action: form && formAction ? String(formAction.call(form)).slice(0, 2_048) : null,
      method: form && formMethod ? String(formMethod.call(form)).slice(0, 20) : null,
      isForm: form !== null,
      fields,
      fieldCount: group.fields.length,
      hiddenInputs: form ? hiddenInputsOf(form) : 0,
    });
  }
  return { items, total: collected.forms.length };
}
