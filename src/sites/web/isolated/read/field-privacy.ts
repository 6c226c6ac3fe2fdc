// ## Owns
// The one answer to "may the model see what is typed in this field?", for every read
// of this folder (form extraction, the selection). Passwords, hidden inputs, one-time
// codes, payment-card numbers, security codes and expiry dates, and chosen files are
// never read; a field is judged by its type, its autocomplete tokens, its name, id and
// label, and by its value itself (a card number typed into an innocent-looking field).

/** Why a field's value is withheld. */
export type WithheldReason = 'password' | 'hidden' | 'payment-card' | 'one-time-code' | 'file';

const CARD_WORDS =
  /\b(cc|card)[-_ ]?(num(ber)?|no)\b|\bcvv2?\b|\bcvc2?\b|\bcsc\b|security[-_ ]?code|card[-_ ]?(code|verification)|credit[-_ ]?card|\bexp(iry|iration)?[-_ ]?(date|month|year|mm|yy)\b/i;
const ONE_TIME_WORDS = /\b(otp|one[-_ ]?time[-_ ]?(code|password)|2fa|totp)\b/i;

/** Whether `digits` passes the Luhn check that every payment-card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A value that reads as a payment-card number (13 to 19 digits, spaces or dashes allowed). */
export function looksLikeCardNumber(value: string): boolean {
  if (!/^[\d -]{13,25}$/.test(value.trim())) return false;
  const digits = value.replace(/\D/g, '');
  return digits.length >= 13 && digits.length <= 19 && passesLuhn(digits);
}

/**
 * Why the value of `field` must not be read, or null when it may. `label` is the
 * field's label text as the reader computed it.
 */
export function withheldReason(field: Element, label = ''): WithheldReason | null {
  const type = (field.getAttribute('type') ?? '').toLowerCase();
  if (field.tagName === 'INPUT') {
    if (type === 'password') return 'password';
    if (type === 'hidden') return 'hidden';
    if (type === 'file') return 'file';
  }
  const autocomplete = (field.getAttribute('autocomplete') ?? '').toLowerCase();
  if (/\b(current|new)-password\b/.test(autocomplete)) return 'password';
  if (/\bone-time-code\b/.test(autocomplete)) return 'one-time-code';
  if (/\bcc-(number|csc|exp|exp-month|exp-year)\b/.test(autocomplete)) return 'payment-card';
  const names = [
    field.getAttribute('name') ?? '',
    field.getAttribute('id') ?? '',
    field.getAttribute('aria-label') ?? '',
    label,
  ]
    .join(' ')
    .slice(0, 2_000);
  if (CARD_WORDS.test(names)) return 'payment-card';
  if (ONE_TIME_WORDS.test(names)) return 'one-time-code';
  const value = (field as HTMLInputElement).value;
  if (typeof value === 'string' && looksLikeCardNumber(value)) return 'payment-card';
  return null;
}
