// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { looksLikeCardNumber, passesLuhn, withheldReason } from './field-privacy';

function field(html: string): Element {
  document.body.innerHTML = html;
  return document.body.firstElementChild as Element;
}

describe('withheldReason', () => {
  it('withholds passwords, hidden inputs, files and one-time codes by type or autocomplete', () => {
    expect(withheldReason(field('<input type="password" value="x">'))).toBe('password');
    expect(withheldReason(field('<input type="PASSWORD">'))).toBe('password');
    expect(withheldReason(field('<input type="hidden" value="tok">'))).toBe('hidden');
    expect(withheldReason(field('<input type="file">'))).toBe('file');
    expect(withheldReason(field('<input autocomplete="section-a new-password">'))).toBe('password');
    expect(withheldReason(field('<input autocomplete="one-time-code">'))).toBe('one-time-code');
  });

  it('withholds card fields by autocomplete, name, label, and by a card number typed anywhere', () => {
    expect(withheldReason(field('<input autocomplete="cc-number">'))).toBe('payment-card');
    expect(withheldReason(field('<input autocomplete="billing cc-csc">'))).toBe('payment-card');
    expect(withheldReason(field('<input name="card_number">'))).toBe('payment-card');
    expect(withheldReason(field('<input name="cvv">'))).toBe('payment-card');
    expect(withheldReason(field('<input name="x">'), 'Expiry date')).toBe('payment-card');
    expect(withheldReason(field('<input aria-label="Security code">'))).toBe('payment-card');
    expect(withheldReason(field('<input name="otp">'))).toBe('one-time-code');
    expect(withheldReason(field('<input name="promo" value="4242 4242 4242 4242">'))).toBe(
      'payment-card',
    );
  });

  it('reads ordinary fields, and digits that are not a card number', () => {
    expect(withheldReason(field('<input name="email" value="ana@example.com">'))).toBeNull();
    expect(withheldReason(field('<input name="phone" value="4242 4242 4242 4241">'))).toBeNull();
    expect(withheldReason(field('<textarea name="note">Please ring</textarea>'))).toBeNull();
    expect(withheldReason(field('<input name="discard">'))).toBeNull();
  });
});

describe('card numbers', () => {
  it('pass the Luhn check only with the right check digit and a card length', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(looksLikeCardNumber('4111-1111-1111-1111')).toBe(true);
    expect(looksLikeCardNumber('0000 0000 0000')).toBe(false);
    expect(looksLikeCardNumber('4111 1111 1111 1111 abc')).toBe(false);
  });
});
