// @vitest-environment happy-dom
// Every reader of field values over a corpus of real-world forms (../../__fixtures__/
// credential-forms): each field carries `data-expect`, the reason the detector must
// give (or `readable`), and no reader may let a withheld field's value through.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { elementState } from '../act/element-state';
import { maskedSource } from '../dev/page-source';
import { createRefRegistry } from '../tree/refs';
import { stateOf } from '../tree/states';
import { extractData } from './extract-data';
import { withheldReason } from './field-privacy';
import { readSelection } from './selection';
import { useFakeLayout } from '../../../../../test/support/fake-layout';

useFakeLayout();

const FOLDER = path.join(import.meta.dirname, '../../__fixtures__/credential-forms');
const FIXTURES = readdirSync(FOLDER).filter((name) => name.endsWith('.html'));
const open = (element: Element) => element.shadowRoot;

function load(name: string): HTMLElement[] {
  document.body.innerHTML = readFileSync(path.join(FOLDER, name), 'utf8');
  return Array.from(document.querySelectorAll<HTMLElement>('[data-expect]'));
}

const valueOf = (field: Element) => (field as HTMLInputElement).value;
const isSecret = (field: Element) => field.getAttribute('data-expect') !== 'readable';
const isTextual = (field: Element) =>
  field.localName === 'textarea' ||
  (field.localName === 'input' &&
    /^(text|email|tel|search|url|)$/.test(field.getAttribute('type') ?? ''));

const isList = (field: Element) => field.localName === 'select';

/** Values of withheld fields; a list's options are public, only its choice is withheld. */
function secretValues(fields: readonly HTMLElement[]): string[] {
  const values = fields.filter((field) => isSecret(field) && !isList(field)).map(valueOf);
  // A corpus field without a value would make the scans below pass for nothing.
  expect(values.every((value) => value.length >= 3)).toBe(true);
  return values;
}

describe('the credential-form corpus', () => {
  it('holds the forms the detector must tell apart', () => {
    expect(FIXTURES).toEqual(
      expect.arrayContaining([
        'address.html',
        'api-keys.html',
        'iban.html',
        'login.html',
        'payment.html',
        'signup.html',
        'two-factor.html',
      ]),
    );
  });

  it('lists a withheld list (a card expiry) without saying which option is chosen', () => {
    const lists = load('payment.html').filter((field) => isSecret(field) && isList(field));
    expect(lists).toHaveLength(1);
    const { html } = maskedSource(document);
    expect(html).not.toMatch(/<option[^>]*selected/);
    for (const list of lists) {
      const state = stateOf(list, 'combobox', { allOptions: true, focused: null });
      expect(state).toMatch(/^secret options: /);
      expect(state).toContain('"2029"');
      expect(state).not.toContain('[');
    }
  });

  describe.each(FIXTURES)('%s', (name) => {
    it('gives every field the reason it expects', () => {
      const fields = load(name);
      expect(fields.length).toBeGreaterThan(2);
      for (const field of fields) {
        const expected = field.getAttribute('data-expect');
        expect({ field: field.outerHTML, reason: withheldReason(field) ?? 'readable' }).toEqual({
          field: field.outerHTML,
          reason: expected,
        });
      }
    });

    it('lets no withheld value into extracted forms, and keeps every readable one', () => {
      const fields = load(name);
      const json = JSON.stringify(extractData(['forms'], open));
      for (const value of secretValues(fields)) expect(json).not.toContain(value);
      for (const field of fields.filter((field) => !isSecret(field) && isTextual(field)))
        expect(json).toContain(JSON.stringify(valueOf(field)));
    });

    it('lets no withheld value into the page source', () => {
      const fields = load(name);
      const { html } = maskedSource(document);
      for (const value of secretValues(fields)) expect(html).not.toContain(value);
    });

    it('shows withheld fields as secret in tree lines, readable ones with their value', () => {
      for (const field of load(name).filter(isTextual)) {
        const state = stateOf(field, 'textbox', { allOptions: false, focused: null });
        if (isSecret(field)) {
          expect(state).toContain('secret filled');
          expect(state).not.toContain(valueOf(field));
        } else if (valueOf(field) !== '') {
          expect(state).toContain(`value=`);
        }
      }
    });

    it('reads back a withheld field after an action as dots only, and says it is withheld', () => {
      for (const field of load(name)) {
        const { value, withheld } = elementState(field);
        if (value === null) continue;
        if (!isSecret(field)) {
          expect(withheld).toBeUndefined();
          continue;
        }
        expect(withheld).toBe(true);
        expect(value).toMatch(/^\u2022*$/);
        expect(value).toHaveLength(valueOf(field).length);
      }
    });

    it('gives no text of a withheld field the person selected', () => {
      for (const field of load(name).filter((field) => isSecret(field) && isTextual(field))) {
        field.focus();
        (field as HTMLInputElement).select();
        const answer = readSelection(createRefRegistry(), open);
        expect(answer.text).toBe('');
        expect(answer.withheld).toBe(field.getAttribute('data-expect'));
      }
    });
  });
});
