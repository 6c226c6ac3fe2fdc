import { describe, expect, it } from 'vitest';
import {
  FORGOTTEN_MARKER,
  MAX_FORGOTTEN_VALUES,
  addForgotten,
  argumentValues,
  forgetIn,
} from './forget-values';

describe('forgetting exact values', () => {
  it('replaces a value raw and in its JSON-escaped forms', () => {
    const value = 'pa"ss\\word';
    const once = JSON.stringify({ text: value });
    const twice = JSON.stringify({ argumentsText: once });
    for (const text of [`typed ${value} here`, once, twice]) {
      const out = forgetIn(text, [value]);
      expect(out).toContain(FORGOTTEN_MARKER);
      expect(out).not.toContain('ss\\');
      expect(out).not.toContain('word');
    }
    expect(JSON.parse(forgetIn(twice, [value]))).toEqual({
      argumentsText: JSON.stringify({ text: FORGOTTEN_MARKER }),
    });
  });

  it('replaces a short value only where it stands as a whole quoted string', () => {
    const text = '{"text":"abc","note":"abcdef and abc"}';
    expect(forgetIn(text, ['abc'])).toBe(`{"text":"${FORGOTTEN_MARKER}","note":"abcdef and abc"}`);
    const nested = JSON.stringify({ argumentsText: '{"text":"abc"}' });
    expect(forgetIn(nested, ['abc'])).not.toContain('"abc\\"');
  });

  it('replaces the longest value first so no part of it is left', () => {
    const known = addForgotten([], ['secret', 'secret-longer']);
    expect(forgetIn('x secret-longer y', known)).toBe(`x ${FORGOTTEN_MARKER} y`);
  });

  it('keeps a bounded list and ignores empty values', () => {
    const many = Array.from({ length: MAX_FORGOTTEN_VALUES + 5 }, (_, i) => `value-${i}`);
    const known = addForgotten([], many);
    expect(known).toHaveLength(MAX_FORGOTTEN_VALUES);
    expect(known).toContain(`value-${MAX_FORGOTTEN_VALUES + 4}`);
    expect(forgetIn('nothing here', [''])).toBe('nothing here');
  });

  it('takes the named string arguments of a call, and nothing from bad arguments', () => {
    expect(argumentValues('{"ref":"e1","text":"hunter","n":3}', ['text', 'n', 'gone'])).toEqual([
      'hunter',
    ]);
    expect(argumentValues('not json', ['text'])).toEqual([]);
    expect(argumentValues('["text"]', ['text'])).toEqual([]);
  });
});

describe('forgetting twice', () => {
  it('leaves markers already in the text alone', () => {
    const once = forgetIn('typed secret', ['secret']);
    expect(once).toBe(`typed ${FORGOTTEN_MARKER}`);
    expect(forgetIn(once, ['secret', 'withheld'])).toBe(once);
    expect(forgetIn('[secret removed: api key] and removed', ['removed'])).toBe(
      `[secret removed: api key] and ${FORGOTTEN_MARKER}`,
    );
  });
});
