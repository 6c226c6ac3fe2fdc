import { describe, expect, it } from 'vitest';
import type { UserTurn } from '../../../shared/protocol/chat-records';
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import { parseResultFormat } from '../../../shared/result-format/parse-format';
import { MAX_RESULT_ATTEMPTS, createRunResult, resultFormatOf } from './run-result';

function formatOf(typed: string) {
  const parsed = parseResultFormat(typed);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.format;
}

describe('run result', () => {
  it('accepts data in the format, records it at once and keeps it', () => {
    const recorded: string[] = [];
    const book = createRunResult(formatOf('[name, price:number]'), (json) => recorded.push(json));
    const checked = book.check([{ name: 'Kettle', price: 24.5 }]);
    expect(checked).toMatchObject({ ok: true });
    expect(JSON.parse(recorded[0]!)).toEqual([{ name: 'Kettle', price: 24.5 }]);
    expect(book.accepted()).toBe(recorded[0]);
    expect(book.exhausted()).toBe(false);
  });

  it('refuses wrong data with paths inside the data, and runs out after three tries', () => {
    const book = createRunResult(formatOf('[name, price:number]'), () => {});
    const wrong = book.check([{ name: 'Kettle', price: '24.50', colour: 'red' }]);
    expect(wrong.ok).toBe(false);
    if (wrong.ok) return;
    expect(wrong.left).toBe(MAX_RESULT_ATTEMPTS - 1);
    const paths = wrong.issues.map((issue) => issue.path);
    expect(paths).toContain('$[0].price');
    expect(wrong.issues.some((issue) => issue.path.startsWith('$.data'))).toBe(false);
    book.check({ not: 'a list' });
    expect(book.exhausted()).toBe(false);
    const last = book.check(null);
    expect(last).toMatchObject({ ok: false, left: 0 });
    expect(book.exhausted()).toBe(true);
    expect(book.accepted()).toBeNull();
  });

  it('refuses data too large to keep, though it matches', () => {
    const book = createRunResult(formatOf('[name]'), () => {});
    const items = Array.from({ length: 900 }, () => ({ name: 'x'.repeat(150) }));
    expect(book.check(items)).toMatchObject({ ok: false, tooLarge: true });
  });

  it('goes on from data a resumed answer already holds', () => {
    const book = createRunResult(formatOf('name'), () => {}, '{"name":"kept"}');
    expect(book.accepted()).toBe('{"name":"kept"}');
    expect(book.exhausted()).toBe(false);
  });

  it('refuses a format our schema gate does not accept, before any model call', () => {
    const format = { label: 'x', schema: JSON.stringify({ type: 'string', pattern: '(a+)+$' }) };
    expect(() => createRunResult(format, () => {})).toThrow(ProtocolFailure);
    expect(() => createRunResult({ label: 'x', schema: '{' }, () => {})).toThrow(
      /could not be read/,
    );
  });

  it('reads the format from the message of this Send only, never an imported one', () => {
    const format = formatOf('name');
    const user = (id: string, extra: Partial<UserTurn> = {}): UserTurn => ({
      id,
      role: 'user',
      createdAt: 1,
      text: 'List them.',
      file: null,
      attachments: [],
      resultFormat: format,
      ...extra,
    });
    expect(resultFormatOf([user('a'), user('b')], 'b')).toEqual(format);
    expect(resultFormatOf([user('a')], 'b')).toBeNull();
    expect(resultFormatOf([user('b', { imported: true })], 'b')).toBeNull();
  });
});
