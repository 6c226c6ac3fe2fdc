import { describe, expect, it } from 'vitest';
import { addCost, costOfCall, describeCost } from './call-cost';

const tokens = (inputTokens: number, outputTokens: number) => ({
  inputTokens,
  outputTokens,
  estimated: false,
});

describe('costOfCall', () => {
  it('prices input and output tokens per million', () => {
    const prices = { inputPerMillion: 3, outputPerMillion: 15 };
    expect(costOfCall(tokens(1_000_000, 0), prices)).toBe(3);
    expect(costOfCall(tokens(700, 100), prices)).toBeCloseTo(0.0036, 10);
  });

  it('has no cost for a model without prices, and zero for a free one', () => {
    expect(costOfCall(tokens(5_000, 5_000), null)).toBeNull();
    expect(costOfCall(tokens(5_000, 5_000), { inputPerMillion: 0, outputPerMillion: 0 })).toBe(0);
  });
});

describe('addCost', () => {
  it('keeps unknown costs unknown and adds known ones', () => {
    expect(addCost(null, null)).toBeNull();
    expect(addCost(null, 0.5)).toBe(0.5);
    expect(addCost(0.25, null)).toBe(0.25);
    expect(addCost(0.25, 0.5)).toBe(0.75);
  });
});

describe('describeCost', () => {
  it('rounds to cents, with thousands separators', () => {
    expect(describeCost(0.044)).toBe('$0.04');
    expect(describeCost(0.045001)).toBe('$0.05');
    expect(describeCost(1234.5)).toBe('$1,234.50');
    expect(describeCost(0)).toBe('$0.00');
  });

  it('shows a cost below a cent in two significant digits instead of as free', () => {
    expect(describeCost(0.0036)).toBe('$0.0036');
    expect(describeCost(0.004)).toBe('$0.004');
    expect(describeCost(0.000123456)).toBe('$0.00012');
  });
});
