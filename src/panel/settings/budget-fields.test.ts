import { describe, expect, it } from 'vitest';
import { readMaxSteps, readTokenLimit } from './budget-fields';

describe('readMaxSteps', () => {
  it('takes a whole number from 5 to 200', () => {
    expect(readMaxSteps('5')).toEqual({ ok: true, value: 5 });
    expect(readMaxSteps(' 200 ')).toEqual({ ok: true, value: 200 });
  });

  it.each(['0', '-3', '4', '201', '1e3', '12.5', 'sixty', '', '999999999999999999'])(
    'refuses %j with plain words',
    (typed) => {
      expect(readMaxSteps(typed)).toEqual({
        ok: false,
        message: 'Enter a whole number of steps from 5 to 200.',
      });
    },
  );
});

describe('readTokenLimit', () => {
  it('reads empty as no limit and accepts separators', () => {
    expect(readTokenLimit('  ')).toEqual({ ok: true, value: null });
    expect(readTokenLimit('250,000')).toEqual({ ok: true, value: 250_000 });
    expect(readTokenLimit('1 000 000')).toEqual({ ok: true, value: 1_000_000 });
  });

  it.each(['0', '-100', '999', '2000000000', 'lots', '10k', 'NaN', 'Infinity'])(
    'refuses %j with plain words',
    (typed) => {
      const reading = readTokenLimit(typed);
      expect(reading.ok).toBe(false);
      expect(!reading.ok && reading.message).toBe(
        'Enter a whole number of tokens from 1,000 to 1,000,000,000, or leave it empty for no limit.',
      );
    },
  );
});
