// ## Owns
// The one answer to "does this text carry a secret?": API-key-shaped tokens, payment
// card numbers (Luhn-checked), IBANs (mod-97-checked), a password or PIN written after
// its label, and one-time codes. Pure, so memory, network checks and imports share it.
// ## Why checksums
// A run of 16 digits or a country code followed by digits is common in ordinary text
// (order numbers, phone numbers). Only numbers whose check digits are right are taken
// as cards or IBANs, so a remembered preference is not refused for an order number.

/** What kind of secret a text carries. */
export type SecretKind = 'api-key' | 'card-number' | 'iban' | 'password' | 'one-time-code';

/** One secret found in a text: its kind and where it is. */
export interface SecretMatch {
  readonly kind: SecretKind;
  readonly index: number;
  readonly length: number;
}

// Vendor prefixes whose keys are long random tokens after them.
const KEY_PATTERNS: readonly RegExp[] = [
  /\b(?:sk|pk|rk)-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_-]{16,}/g,
  /\b(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{30,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{30,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}/g,
  /\bglpat-[A-Za-z0-9_-]{20,}/g,
  /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g,
  /\bBearer\s+[A-Za-z0-9._~+/-]{20,}=*/g,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/g,
];

// A label, then a value: "password: hunter2", "pin = 1234", "api key is abc".
const LABELLED_SECRET =
  /\b(?:password|passwort|passwd|pwd|passcode|pin|secret|api[ _-]?key|access[ _-]?token|token|mot de passe|contraseña)\s*(?:[:=]|\bis\b)\s*\S+/giu;

// "code 123456", "OTP: 123456", "verification code is 123-456".
const ONE_TIME_CODE =
  /\b(?:otp|one[- ]time (?:code|password)|verification code|security code|2fa code|auth(?:entication)? code|login code|code)\s*(?:[:=]|\bis\b)?\s*\d{3}[- ]?\d{3}\b/giu;

const CARD_CANDIDATE = /\b\d(?:[ -]?\d){12,18}\b/g;
const IBAN_CANDIDATE = /\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}\b/g;

/** The Luhn checksum payment card numbers carry in their last digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let digit = digits.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return false;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The ISO 13616 check: the rearranged IBAN, letters as numbers, modulo 97 is 1. */
export function passesIbanCheck(iban: string): boolean {
  const compact = iban.replace(/ /g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const value = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

function collect(text: string, pattern: RegExp, kind: SecretKind, out: SecretMatch[]): void {
  for (const match of text.matchAll(pattern))
    out.push({ kind, index: match.index, length: match[0].length });
}

/** Every secret in `text`, in order of position. */
export function findSecrets(text: string): SecretMatch[] {
  const found: SecretMatch[] = [];
  for (const pattern of KEY_PATTERNS) collect(text, pattern, 'api-key', found);
  collect(text, LABELLED_SECRET, 'password', found);
  collect(text, ONE_TIME_CODE, 'one-time-code', found);
  for (const match of text.matchAll(CARD_CANDIDATE)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (digits.length >= 13 && digits.length <= 19 && passesLuhn(digits))
      found.push({ kind: 'card-number', index: match.index, length: match[0].length });
  }
  for (const match of text.matchAll(IBAN_CANDIDATE))
    if (passesIbanCheck(match[0]))
      found.push({ kind: 'iban', index: match.index, length: match[0].length });
  return found.sort((left, right) => left.index - right.index);
}

/** True when `text` carries anything {@link findSecrets} recognises. */
export function hasSecret(text: string): boolean {
  return findSecrets(text).length > 0;
}

/** Plain words for a kind, for messages that say why something was refused. */
export const SECRET_KIND_WORDS: Readonly<Record<SecretKind, string>> = {
  'api-key': 'an API key or access token',
  'card-number': 'a payment card number',
  iban: 'a bank account number (IBAN)',
  password: 'a password or PIN',
  'one-time-code': 'a one-time code',
};

/** The marker that stands where a secret was: `[secret withheld: api-key]`. */
export function secretMarker(kind: SecretKind): string {
  return `[secret withheld: ${kind}]`;
}

/**
 * `text` with every secret {@link findSecrets} recognises replaced by its marker, and
 * how many were. Overlapping finds (a labelled password that is also key-shaped) are
 * replaced once, by the first.
 */
export function redactSecrets(text: string): { readonly text: string; readonly count: number } {
  const matches = findSecrets(text);
  if (matches.length === 0) return { text, count: 0 };
  let out = '';
  let position = 0;
  let count = 0;
  for (const match of matches) {
    if (match.index < position) continue;
    out += text.slice(position, match.index) + secretMarker(match.kind);
    position = match.index + match.length;
    count += 1;
  }
  return { text: out + text.slice(position), count };
}
