// ## Owns
// Reading a live field's facts (type, autocomplete, the names and labels it is known
// by, its value) for the one credential-field detector in src/shared/secrets, so every
// reader on the page (the tree, form extraction, the selection, the page source, what
// an action reads back) asks the same question the same way.
// ## Never
// Decides anything itself: the rules live in the shared detector, which tests judge
// without a DOM.
import {
  withheldFieldReason,
  type WithheldReason,
} from '../../../../shared/secrets/credential-field';
import { labelsOf } from '../tree/label-index';

export type { WithheldReason } from '../../../../shared/secrets/credential-field';

const MAX_LABEL_CHARS = 200;

function valueOf(field: Element): string {
  const value = (field as HTMLInputElement).value;
  if (typeof value === 'string') return value;
  // An editable region (role textbox) holds its text.
  return field.getAttribute('contenteditable') !== null ? (field.textContent ?? '') : '';
}

/**
 * Why the value of `field` must not be read, or null when it may. `label` is the
 * field's label text when the reader computed it already; the field's own <label>s
 * are read either way.
 */
export function withheldReason(field: Element, label = ''): WithheldReason | null {
  const attribute = (name: string) => field.getAttribute(name) ?? '';
  const labels = labelsOf(field).map((element) =>
    (element.textContent ?? '').slice(0, MAX_LABEL_CHARS),
  );
  return withheldFieldReason({
    tag: field.localName,
    type: attribute('type'),
    autocomplete: attribute('autocomplete'),
    names: [
      attribute('name'),
      field.id,
      attribute('aria-label'),
      attribute('placeholder'),
      attribute('data-testid'),
      label.slice(0, MAX_LABEL_CHARS),
      ...labels,
    ],
    value: valueOf(field),
  });
}

/** Whether a field holds something the person would not want read out (or sent to a model). */
export function isSecretField(field: Element): boolean {
  return withheldReason(field) !== null;
}
