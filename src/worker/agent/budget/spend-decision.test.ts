import { describe, expect, it } from 'vitest';
import { maySpend } from './spend-decision';

const NO_LIMITS = {
  runTokenLimit: null,
  dayTokenLimit: null,
  runCostLimit: null,
  dayCostLimit: null,
};

describe('maySpend', () => {
  it('allows every call when no limit is set', () => {
    expect(maySpend(NO_LIMITS, { run: 1e9, day: 1e9 })).toEqual({
      allowed: true,
    });
  });

  it('allows a run below its limit and refuses it once the limit is used up', () => {
    const limits = { ...NO_LIMITS, runTokenLimit: 5_000 };
    expect(maySpend(limits, { run: 4_999, day: 0 }).allowed).toBe(true);
    const refused = maySpend(limits, { run: 5_000, day: 0 });
    expect(refused).toMatchObject({ allowed: false, code: 'BUDGET_RUN_REACHED', limit: 5_000 });
    expect(!refused.allowed && refused.message).toContain('5,000');
  });

  it('puts the day limit first, and applies it to calls outside a run', () => {
    const limits = { ...NO_LIMITS, runTokenLimit: 1_000, dayTokenLimit: 2_000 };
    expect(maySpend(limits, { run: 3_000, day: 2_500 })).toMatchObject({
      code: 'BUDGET_DAY_REACHED',
      spent: 2_500,
    });
    expect(maySpend(limits, { day: 1_999 }).allowed).toBe(true);
    expect(maySpend(limits, { day: 2_000 }).allowed).toBe(false);
  });

  it('never applies the run limit to a call that is not part of a run', () => {
    expect(maySpend({ ...NO_LIMITS, runTokenLimit: 1_000 }, { day: 50_000 }).allowed).toBe(true);
  });
});

describe('maySpend with cost limits', () => {
  const limits = { ...NO_LIMITS, runCostLimit: 0.05, dayCostLimit: 1 };

  it('refuses a priced run once its dollars are used up, naming the limit', () => {
    expect(maySpend(limits, { run: 10, day: 10, cost: { run: 0.0499, day: 0.2 } }).allowed).toBe(
      true,
    );
    const refused = maySpend(limits, { run: 10, day: 10, cost: { run: 0.05, day: 0.2 } });
    expect(refused).toMatchObject({
      allowed: false,
      code: 'BUDGET_RUN_COST_REACHED',
      limit: 0.05,
      spent: 0.05,
    });
    expect(!refused.allowed && refused.message).toBe(
      "This response's cost limit of $0.05 is used up ($0.05 spent).",
    );
  });

  it('refuses any priced call once the day is used up, inside a run or not', () => {
    expect(maySpend(limits, { run: 0, day: 0, cost: { run: 0, day: 1.25 } })).toMatchObject({
      code: 'BUDGET_DAY_COST_REACHED',
      limit: 1,
    });
    const outside = maySpend(limits, { day: 0, cost: { day: 1 } });
    expect(!outside.allowed && outside.message).toBe(
      "Today's cost limit of $1.00 is used up ($1.00 spent).",
    );
  });

  it('never limits a model without prices by cost', () => {
    expect(maySpend(limits, { run: 10, day: 10 }).allowed).toBe(true);
  });

  it('gives a token limit first when both are used up', () => {
    const both = { ...limits, runTokenLimit: 1_000 };
    expect(maySpend(both, { run: 1_000, day: 0, cost: { run: 9, day: 0 } })).toMatchObject({
      code: 'BUDGET_RUN_REACHED',
    });
  });
});
