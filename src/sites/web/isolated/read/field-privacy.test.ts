// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { withheldReason } from './field-privacy';

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

  it('reads the labels a field is known by from the page itself', () => {
    document.body.innerHTML =
      '<label for="f">Card verification</label><input id="f" name="x"><label>IBAN <input name="y"></label>';
    const [first, second] = Array.from(document.querySelectorAll('input'));
    expect(withheldReason(first as Element)).toBe('payment-card');
    expect(withheldReason(second as Element)).toBe('iban');
  });

  it('withholds an API key shown in a field with no telling name, and a contenteditable card', () => {
    expect(
      withheldReason(field('<input name="value" value="sk-proj-abcdefghijklmnop1234567890">')),
    ).toBe('api-key');
    expect(
      withheldReason(field('<div role="textbox" contenteditable="true">4111 1111 1111 1111</div>')),
    ).toBe('payment-card');
  });
});
