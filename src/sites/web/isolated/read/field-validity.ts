// ## Owns
// Whether a field's value would pass the form's own checks, in our words. Read from
// `validity`, never `checkValidity()`, which fires `invalid` events the page may act
// on. The browser's own validation message can repeat what was typed (an e-mail
// field's does), so it is never used; only a message the page set itself is passed
// on, and only for fields whose value may be read.

const MAX_PAGE_MESSAGE_CHARS = 200;

/** Why a field would not pass, or null when it would (or is not checked at all). */
export function fieldProblem(field: Element, valueReadable: boolean): string | null {
  const control = field as HTMLInputElement;
  if (control.willValidate !== true || !control.validity || control.validity.valid) return null;
  const validity = control.validity;
  if (validity.valueMissing) return 'required and not filled in';
  if (validity.typeMismatch)
    return `not a valid ${control.type === 'url' ? 'address' : control.type}`;
  if (validity.patternMismatch) return 'does not match the format the page asks for';
  if (validity.tooShort) return `too short (at least ${control.minLength} characters)`;
  if (validity.tooLong) return `too long (at most ${control.maxLength} characters)`;
  if (validity.rangeUnderflow) return `below the lowest allowed (${control.min})`;
  if (validity.rangeOverflow) return `above the highest allowed (${control.max})`;
  if (validity.stepMismatch) return 'not one of the allowed steps';
  if (validity.badInput) return 'not something this field accepts';
  if (validity.customError) {
    const message = valueReadable ? control.validationMessage.replace(/\s+/g, ' ').trim() : '';
    return message
      ? `the page says: ${message.slice(0, MAX_PAGE_MESSAGE_CHARS)}`
      : 'the page marks it as not valid';
  }
  return 'not valid';
}
