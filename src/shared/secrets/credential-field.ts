// ## Owns
// The one answer to "may anyone outside the page learn what this form field holds?",
// for every reader of field values: the accessibility tree, form extraction, the
// selection, the page source and what an action reads back. It judges plain facts
// about the field (its tag, type, autocomplete tokens, the names and labels it is
// known by, and its value), so it runs anywhere and is tested without a DOM.
// ## Why the value is judged too
// A card number pasted into an innocent-looking field, or an API key shown in a
// settings field called "key", is still a secret: a value that is a Luhn-valid card
// number, a mod-97-valid IBAN or an API-key-shaped token is withheld whatever the
// field is called.
// ## Why some autocomplete tokens clear a field's words
// A page author who marks a field `postal-code` or `tel` has said what it holds; the
// Indian "PIN code" or a "Security number" street field then must not read as a PIN.
import { findSecrets, passesIbanCheck, passesLuhn } from './secret-text';

/** Every reason a field's value is withheld, in one list (page method schemas use it). */
export const WITHHELD_REASONS = [
  'password',
  'hidden',
  'payment-card',
  'one-time-code',
  'file',
  'iban',
  'api-key',
  'national-id',
] as const;

/** Why a field's value is withheld. */
export type WithheldReason = (typeof WITHHELD_REASONS)[number];

/** What a reader knows about a field, as plain data. */
export interface FieldFacts {
  /** Lowercase tag name: `input`, `textarea`, `select`, or another element with role textbox. */
  readonly tag: string;
  /** The input's type attribute (any case; empty when absent). */
  readonly type: string;
  /** The autocomplete attribute, all its tokens (empty when absent). */
  readonly autocomplete: string;
  /** Name, id, aria-label, placeholder, test id and label texts the field is known by. */
  readonly names: readonly string[];
  /** What the field holds now (empty when nothing or unknown). */
  readonly value: string;
}

/** Most characters of names judged: labels are short, and a page can send megabytes. */
const MAX_NAME_CHARS = 2_000;
/** Longest value judged by its shape; API keys and IBANs are far shorter. */
const MAX_VALUE_CHARS = 4_096;

/** Types whose value is never a secret: buttons, choices, ranges. */
const PLAIN_TYPES = new Set([
  'checkbox',
  'radio',
  'submit',
  'button',
  'reset',
  'image',
  'color',
  'range',
]);

const PASSWORD_TOKENS = /\b(current|new)-password\b/;
const ONE_TIME_TOKENS = /\bone-time-code\b/;
const CARD_TOKENS = /\bcc-(number|csc|exp|exp-month|exp-year)\b/;
// Tokens that say the field holds ordinary personal data (address, contact, name).
const PLAIN_TOKENS =
  /\b(name|given-name|family-name|additional-name|nickname|honorific-prefix|honorific-suffix|email|username|tel|tel-[a-z-]+|street-address|address-line[1-3]|address-level[1-4]|postal-code|country|country-name|organization|organization-title|bday|bday-[a-z]+|sex|url|language)\b/;

// Names are normalised first: camelCase split, separators to spaces, lower case.
const NAME_RULES: readonly (readonly [WithheldReason, RegExp])[] = [
  [
    'payment-card',
    /\bcard ?(num|no\b|number)|\bcc ?(num|no\b|number|csc|cvc|cvv|exp)|\b(credit|debit) ?card|\bcvc2?\b|\bcvv2?\b|\bcsc\b|\bsecurity ?code\b|\bcard ?(code|verification|security)|\bexp(iry|iration)? ?(date|month|year|mm|yy)\b|\bmm ?\/? ?yy\b|\bvalid ?(thru|through)\b/,
  ],
  [
    'one-time-code',
    /\b(otp|totp|2fa|mfa)\b|\bone ?time ?(code|password|passcode|pin)\b|\btwo ?factor\b|\bverification ?code\b|\bauth(entication|enticator)? ?code\b|\b(recovery|backup|sms|login) ?codes?\b/,
  ],
  [
    'iban',
    /\biban\b|\bbank ?account\b|\baccount ?(number|no\b)|\brouting ?number\b|\bsort ?code\b/,
  ],
  [
    'api-key',
    /\bapi ?key\b|\b(access|auth|bearer|refresh|personal ?access) ?token\b|\btoken\b(?! ?(name|description|note|label|expiration))|\b(client|app|signing|webhook) ?secret\b|\bsecret ?key\b|\bprivate ?key\b/,
  ],
  [
    'password',
    /passw|\bpwd\b|\bpasscode\b|\bpassphrase\b|\bmot de passe\b|\bcontrase(ñ|n)a\b|\bpin\b|\b(seed|recovery|mnemonic) ?phrase\b|\bsecurity ?answer\b/,
  ],
  ['national-id', /\bssn\b|\bsocial ?security\b|\bnational ?insurance ?(number|no\b)/],
];

/** Lower case words: `cardNumber`, `card_number` and `card-number` all read `card number`. */
function normalisedNames(names: readonly string[]): string {
  return names
    .join(' ')
    .slice(0, MAX_NAME_CHARS)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-.[\]:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** A value that reads as a payment-card number (13 to 19 digits, spaces or dashes allowed). */
export function looksLikeCardNumber(value: string): boolean {
  if (!/^[\d -]{13,25}$/.test(value.trim())) return false;
  const digits = value.replace(/\D/g, '');
  return digits.length >= 13 && digits.length <= 19 && passesLuhn(digits);
}

/** Why a value itself is a secret, whatever its field is called; null when it is not. */
export function secretValueReason(value: string): WithheldReason | null {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > MAX_VALUE_CHARS) return null;
  if (looksLikeCardNumber(trimmed)) return 'payment-card';
  if (passesIbanCheck(trimmed)) return 'iban';
  if (findSecrets(trimmed).some((match) => match.kind === 'api-key')) return 'api-key';
  return null;
}

/** Why the value of the field `facts` describe must not leave the page, or null when it may. */
export function withheldFieldReason(facts: FieldFacts): WithheldReason | null {
  const type = facts.type.toLowerCase();
  const isInput = facts.tag === 'input';
  if (isInput && type === 'password') return 'password';
  if (isInput && type === 'hidden') return 'hidden';
  if (isInput && type === 'file') return 'file';
  if (isInput && PLAIN_TYPES.has(type)) return null;
  const autocomplete = facts.autocomplete.toLowerCase();
  if (PASSWORD_TOKENS.test(autocomplete)) return 'password';
  if (ONE_TIME_TOKENS.test(autocomplete)) return 'one-time-code';
  if (CARD_TOKENS.test(autocomplete)) return 'payment-card';
  if (!PLAIN_TOKENS.test(autocomplete)) {
    const names = normalisedNames(facts.names);
    for (const [reason, pattern] of NAME_RULES) if (pattern.test(names)) return reason;
  }
  return facts.tag === 'select' ? null : secretValueReason(facts.value);
}
