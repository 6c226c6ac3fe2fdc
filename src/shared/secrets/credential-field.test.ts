import { describe, expect, it } from 'vitest';
import {
  looksLikeCardNumber,
  secretValueReason,
  withheldFieldReason,
  type FieldFacts,
  type WithheldReason,
} from './credential-field';

const facts = (overrides: Partial<FieldFacts>): FieldFacts => ({
  tag: 'input',
  type: 'text',
  autocomplete: '',
  names: [],
  value: '',
  ...overrides,
});

// Fields as real login, payment, bank, two-factor and developer settings pages write them.
const WITHHELD: readonly (readonly [string, Partial<FieldFacts>, WithheldReason])[] = [
  ['a password input', { type: 'PASSWORD' }, 'password'],
  ['a hidden token', { type: 'hidden', value: 'csrf' }, 'hidden'],
  ['a file input', { type: 'file' }, 'file'],
  ['autocomplete current-password', { autocomplete: 'section-login current-password' }, 'password'],
  ['autocomplete new-password on a text input', { autocomplete: 'new-password' }, 'password'],
  ['autocomplete one-time-code', { type: 'tel', autocomplete: 'one-time-code' }, 'one-time-code'],
  ['autocomplete cc-number', { autocomplete: 'billing cc-number' }, 'payment-card'],
  ['autocomplete cc-csc', { autocomplete: 'cc-csc' }, 'payment-card'],
  ['autocomplete cc-exp', { autocomplete: 'cc-exp' }, 'payment-card'],
  ['a select of expiry months', { tag: 'select', type: '', names: ['exp_month'] }, 'payment-card'],
  ['camelCase cardNumber', { names: ['cardNumber'] }, 'payment-card'],
  ['Stripe-like cvc', { names: ['cvc'] }, 'payment-card'],
  ['a CVV label', { names: ['', 'CVV2'] }, 'payment-card'],
  ['MM / YY placeholder', { names: ['MM / YY'] }, 'payment-card'],
  ['a card label', { names: ['Credit card'] }, 'payment-card'],
  ['an IBAN name', { names: ['iban'] }, 'iban'],
  ['a bank account label', { names: ['Bank account number'] }, 'iban'],
  ['a routing number', { names: ['routing_number'] }, 'iban'],
  ['a six-digit 2FA code', { names: ['totp'] }, 'one-time-code'],
  ['a verification code label', { names: ['Verification code'] }, 'one-time-code'],
  ['recovery codes', { tag: 'textarea', type: '', names: ['Recovery codes'] }, 'one-time-code'],
  ['an API key name', { names: ['api_key'] }, 'api-key'],
  ['an x-api-key header field', { names: ['x-api-key'] }, 'api-key'],
  ['a personal access token', { names: ['Personal access token'] }, 'api-key'],
  ['a client secret', { names: ['clientSecret'] }, 'api-key'],
  ['a private key', { tag: 'textarea', type: '', names: ['SSH private key'] }, 'api-key'],
  ['a password shown as text', { names: ['user_password'] }, 'password'],
  ['a German password label', { names: ['Passwort'] }, 'password'],
  ['a French password label', { names: ['Mot de passe'] }, 'password'],
  ['a PIN', { names: ['PIN'] }, 'password'],
  ['a seed phrase', { tag: 'textarea', type: '', names: ['Seed phrase'] }, 'password'],
  ['an SSN', { names: ['ssn'] }, 'national-id'],
  [
    'a card number in a promo field',
    { names: ['promo'], value: '4242 4242 4242 4242' },
    'payment-card',
  ],
  ['an IBAN in a note', { names: ['reference'], value: 'DE89 3704 0044 0532 0130 00' }, 'iban'],
  [
    'a key in a "value" field',
    { names: ['value'], value: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789' },
    'api-key',
  ],
  [
    'a card number typed into a postal-code field',
    { autocomplete: 'postal-code', value: '4111111111111111' },
    'payment-card',
  ],
];

const READABLE: readonly (readonly [string, Partial<FieldFacts>])[] = [
  ['an email', { type: 'email', names: ['email'], value: 'ana@example.com' }],
  ['a username', { autocomplete: 'username', names: ['login'], value: 'ana' }],
  ['a street line', { autocomplete: 'address-line1', names: ['Street'], value: '1 Main St' }],
  ['an Indian PIN code', { autocomplete: 'postal-code', names: ['PIN code'], value: '560001' }],
  ['a phone number shaped like a card', { names: ['phone'], value: '4242 4242 4242 4241' }],
  ['a discard checkbox', { names: ['discard'] }],
  ['a Remember-password checkbox', { type: 'checkbox', names: ['Remember password'] }],
  ['a submit button', { type: 'submit', names: ['Sign in with password'], value: 'Sign in' }],
  ['a token name field', { names: ['Token name'], value: 'laptop' }],
  ['a cardholder name', { autocomplete: 'cc-name', names: ['Name on card'], value: 'Ana Lima' }],
  ['a search box', { type: 'search', names: ['q'], value: 'password managers' }],
  ['a select of countries', { tag: 'select', type: '', names: ['country'], value: 'DE' }],
];

describe('withheldFieldReason', () => {
  it.each(WITHHELD)('withholds %s', (_name, overrides, reason) => {
    expect(withheldFieldReason(facts(overrides))).toBe(reason);
  });

  it.each(READABLE)('reads %s', (_name, overrides) => {
    expect(withheldFieldReason(facts(overrides))).toBeNull();
  });

  it('judges only the first part of an endless label', () => {
    const names = [`${'x '.repeat(5_000)} password`];
    expect(withheldFieldReason(facts({ names }))).toBeNull();
  });
});

describe('secretValueReason', () => {
  it('names the shape of a secret value and nothing else', () => {
    expect(secretValueReason(' 5500-0000-0000-0004 ')).toBe('payment-card');
    expect(secretValueReason('GB82WEST12345698765432')).toBe('iban');
    expect(secretValueReason('AKIAIOSFODNN7EXAMPLE')).toBe('api-key');
    expect(secretValueReason('GB82WEST12345698765433')).toBeNull();
    expect(secretValueReason('order 4111 1111 1111 1111 shipped')).toBeNull();
    expect(secretValueReason('')).toBeNull();
  });

  it('accepts card numbers only with the right check digit and length', () => {
    expect(looksLikeCardNumber('4111-1111-1111-1111')).toBe(true);
    expect(looksLikeCardNumber('4111 1111 1111 1112')).toBe(false);
    expect(looksLikeCardNumber('0000 0000 0000')).toBe(false);
    expect(looksLikeCardNumber('4111 1111 1111 1111 abc')).toBe(false);
  });
});
