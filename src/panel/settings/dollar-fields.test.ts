import { describe, expect, it } from 'vitest';
import { readCostLimit, readPrice } from './dollar-fields';

describe('readCostLimit', () => {
  it('reads empty as no limit, and dollars with or without the sign', () => {
    expect(readCostLimit(' ')).toEqual({ ok: true, value: null });
    expect(readCostLimit('$0.05')).toEqual({ ok: true, value: 0.05 });
    expect(readCostLimit('2')).toEqual({ ok: true, value: 2 });
    expect(readCostLimit('1,000.50')).toEqual({ ok: true, value: 1000.5 });
  });

  it.each(['0', '0.001', '-1', '100001', 'ten', '1e3', 'NaN', '$', '1.2.3'])(
    'refuses %j with plain words',
    (typed) => {
      expect(readCostLimit(typed)).toEqual({
        ok: false,
        message:
          'Enter an amount in US dollars from $0.01 to $100,000.00 (cents at most), or leave it empty for no limit.',
      });
    },
  );
});

describe('readPrice', () => {
  it('reads empty as not entered, zero as free, and fractions of a dollar', () => {
    expect(readPrice('')).toEqual({ ok: true, value: null });
    expect(readPrice('0')).toEqual({ ok: true, value: 0 });
    expect(readPrice('$0.075')).toEqual({ ok: true, value: 0.075 });
    expect(readPrice('15')).toEqual({ ok: true, value: 15 });
  });

  it.each(['-0.5', '10001', '0.12345', 'free', 'Infinity'])('refuses %j', (typed) => {
    const reading = readPrice(typed);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.message).toBe(
      'Enter US dollars per million tokens from $0.00 to $10,000.00, with at most 4 decimals, or leave it empty.',
    );
  });
});
