import { describe, expect, it } from 'vitest';
import {
  findSecrets,
  hasSecret,
  passesIbanCheck,
  passesLuhn,
  redactSecrets,
  type SecretKind,
} from './secret-text';

const SECRET_TABLE: readonly (readonly [string, SecretKind])[] = [
  ['my key is sk-proj-abcdefghijklmnop1234567890', 'api-key'],
  ['use sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv', 'api-key'],
  ['stripe sk_live_abcdefghijklmnop1234', 'api-key'],
  ['token ghp_abcdefghijklmnopqrstuvwxyz0123456789', 'api-key'],
  ['aws AKIAIOSFODNN7EXAMPLE', 'api-key'],
  ['google AIzaSyA-abcdefghijklmnopqrstuvwxyz012345', 'api-key'],
  ['Authorization: Bearer abcdefghijklmnopqrstuvwxyz.123', 'api-key'],
  ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N', 'api-key'],
  ['card 4111 1111 1111 1111 exp 12/29', 'card-number'],
  ['pay with 5500-0000-0000-0004', 'card-number'],
  ['IBAN DE89 3704 0044 0532 0130 00 please', 'iban'],
  ['send to GB82WEST12345698765432', 'iban'],
  ['password: hunter2', 'password'],
  ['My PIN is 4821', 'password'],
  ['pwd=correct-horse', 'password'],
  ['your verification code is 123456', 'one-time-code'],
  ['OTP: 482-913', 'one-time-code'],
];

const CLEAN_TABLE: readonly string[] = [
  'I prefer metric units',
  'Order number 4111 1111 1111 1112 arrived',
  'Call me at +44 20 7946 0958',
  'I like the sk-8 skateboard',
  'The password field is on the left',
  'Reply in German, briefly',
  'DE89370400440532013001 is not valid',
  'My zip code is 10115',
];

describe('findSecrets', () => {
  it.each(SECRET_TABLE)('finds a secret in %j', (text, kind) => {
    expect(findSecrets(text).map((match) => match.kind)).toContain(kind);
    expect(hasSecret(text)).toBe(true);
  });

  it.each(CLEAN_TABLE)('finds nothing in %j', (text) => {
    expect(findSecrets(text)).toEqual([]);
    expect(hasSecret(text)).toBe(false);
  });

  it('reports where each secret is, in order', () => {
    const text = 'a password: x then card 4111111111111111';
    const matches = findSecrets(text);
    expect(matches.map((match) => match.kind)).toEqual(['password', 'card-number']);
    const card = matches[1];
    expect(card && text.slice(card.index, card.index + card.length)).toBe('4111111111111111');
  });
});

describe('checksums', () => {
  it('accepts Luhn-valid numbers and refuses one digit off', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('accepts a valid IBAN and refuses a changed check digit', () => {
    expect(passesIbanCheck('DE89370400440532013000')).toBe(true);
    expect(passesIbanCheck('DE88370400440532013000')).toBe(false);
    expect(passesIbanCheck('not an iban')).toBe(false);
  });
});

describe('redactSecrets', () => {
  it('replaces each secret by a marker naming its kind and keeps the rest', () => {
    const text = 'Key sk-proj-abcdefghijklmnop1234567890, card 4111 1111 1111 1111.';
    expect(redactSecrets(text)).toEqual({
      text: 'Key [secret withheld: api-key], card [secret withheld: card-number].',
      count: 2,
    });
  });

  it('leaves text without secrets as it is', () => {
    expect(redactSecrets('Order 4111 1111 1111 1112 arrived')).toEqual({
      text: 'Order 4111 1111 1111 1112 arrived',
      count: 0,
    });
  });

  it('replaces overlapping finds once', () => {
    const redacted = redactSecrets('password: sk-proj-abcdefghijklmnop1234567890 end');
    expect(redacted.text).toBe('[secret withheld: password] end');
    expect(redacted.count).toBe(1);
  });
});
