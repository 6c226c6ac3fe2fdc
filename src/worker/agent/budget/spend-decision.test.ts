import { describe, expect, it } from 'vitest';
import { maySpend } from './spend-decision';

describe('maySpend', () => {
  it('allows every call when no limit is set', () => {
    expect(maySpend({ runTokenLimit: null, dayTokenLimit: null }, { run: 1e9, day: 1e9 })).toEqual({
      allowed: true,
    });
  });

  it('allows a run below its limit and refuses it once the limit is used up', () => {
    const limits = { runTokenLimit: 5_000, dayTokenLimit: null };
    expect(maySpend(limits, { run: 4_999, day: 0 }).allowed).toBe(true);
    const refused = maySpend(limits, { run: 5_000, day: 0 });
    expect(refused).toMatchObject({ allowed: false, code: 'BUDGET_RUN_REACHED', limit: 5_000 });
    expect(!refused.allowed && refused.message).toContain('5,000');
  });

  it('puts the day limit first, and applies it to calls outside a run', () => {
    const limits = { runTokenLimit: 1_000, dayTokenLimit: 2_000 };
    expect(maySpend(limits, { run: 3_000, day: 2_500 })).toMatchObject({
      code: 'BUDGET_DAY_REACHED',
      spent: 2_500,
    });
    expect(maySpend(limits, { day: 1_999 }).allowed).toBe(true);
    expect(maySpend(limits, { day: 2_000 }).allowed).toBe(false);
  });

  it('never applies the run limit to a call that is not part of a run', () => {
    expect(maySpend({ runTokenLimit: 1_000, dayTokenLimit: null }, { day: 50_000 }).allowed).toBe(
      true,
    );
  });
});
