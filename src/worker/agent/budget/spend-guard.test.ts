import { describe, expect, it } from 'vitest';
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import { DEFAULT_GENERAL_SETTINGS } from '../../storage/settings-records';
import { createMemoryDaySpend } from './day-spend';
import type { SpendLimits } from './spend-decision';
import { createSpendGuard } from './spend-guard';

const NO_COST_LIMITS = { runCostLimit: null, dayCostLimit: null };
const PRICES = { inputPerMillion: 100, outputPerMillion: 400 };

const spent = (inputTokens: number, outputTokens = 0) => ({
  inputTokens,
  outputTokens,
  estimated: false,
});

function guardWith(limits: Partial<SpendLimits>) {
  const general = { ...DEFAULT_GENERAL_SETTINGS, ...limits };
  const day = createMemoryDaySpend(() => new Date(2026, 11, 2, 9));
  return { guard: createSpendGuard({ general: async () => general }, day), day };
}

const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (error: unknown) => (error instanceof ProtocolFailure ? error.code : 'other'),
  );

describe('spend guard', () => {
  it('refuses a call outside a run once the day limit is used up (chat naming, auto-learn)', async () => {
    const { guard } = guardWith({ dayTokenLimit: 1_000 });
    expect(await codeOf(guard.check())).toBe('allowed');
    await guard.record(spent(900, 100));
    expect(await codeOf(guard.check())).toBe('BUDGET_DAY_REACHED');
  });

  it('counts a run both on its own and in the day, and a new run starts its own count', async () => {
    const { guard, day } = guardWith({});
    const limits = { runTokenLimit: 1_000, dayTokenLimit: 5_000, ...NO_COST_LIMITS };
    const first = guard.forRun(limits);
    await first.record(spent(600, 400));
    expect(await codeOf(first.check())).toBe('BUDGET_RUN_REACHED');
    expect(first.total()).toEqual(spent(600, 400));
    expect(await day.today()).toEqual(spent(600, 400));
    const second = guard.forRun(limits);
    expect(await codeOf(second.check())).toBe('allowed');
    await second.record(spent(4_000));
    expect(await codeOf(second.check())).toBe('BUDGET_DAY_REACHED');
  });

  it('does not block the person when today’s total cannot be read', async () => {
    const guard = createSpendGuard(
      { general: async () => ({ ...DEFAULT_GENERAL_SETTINGS, dayTokenLimit: 1_000 }) },
      {
        today: () => Promise.reject(new Error('storage gone')),
        todayCost: () => Promise.reject(new Error('storage gone')),
        add: () => Promise.reject(new Error('x')),
      },
    );
    expect(await codeOf(guard.check())).toBe('allowed');
    expect(await codeOf(guard.check(PRICES))).toBe('allowed');
    await expect(guard.record(spent(10))).resolves.toBeUndefined();
  });

  it('pauses a priced run at its cost limit and counts its dollars in the day', async () => {
    const { guard, day } = guardWith({});
    const limits = {
      runTokenLimit: null,
      dayTokenLimit: null,
      runCostLimit: 0.1,
      dayCostLimit: null,
    };
    const run = guard.forRun(limits, undefined, PRICES);
    // 700 in and 100 out at $100 and $400 per million: $0.11.
    await run.record(spent(700, 100));
    expect(run.cost()).toBeCloseTo(0.11, 10);
    expect(await day.todayCost()).toBeCloseTo(0.11, 10);
    expect(await codeOf(run.check())).toBe('BUDGET_RUN_COST_REACHED');
  });

  it('never holds a model without prices to a cost limit, nor counts dollars for it', async () => {
    const { guard, day } = guardWith({ dayCostLimit: 0.01 });
    const limits = {
      runTokenLimit: null,
      dayTokenLimit: null,
      runCostLimit: 0.01,
      dayCostLimit: 0.01,
    };
    const run = guard.forRun(limits);
    await run.record(spent(1_000_000, 1_000_000));
    expect(run.cost()).toBeNull();
    expect(await codeOf(run.check())).toBe('allowed');
    await guard.record(spent(1_000, 1_000), PRICES);
    // The day's dollars are used up for priced calls only.
    expect(await day.todayCost()).toBeGreaterThan(0.01);
    expect(await codeOf(guard.check())).toBe('allowed');
    expect(await codeOf(guard.check(PRICES))).toBe('BUDGET_DAY_COST_REACHED');
    expect(await codeOf(guard.forRun(limits, undefined, PRICES).check())).toBe(
      'BUDGET_DAY_COST_REACHED',
    );
  });

  it('counts a resumed run from what it spent before the restart', async () => {
    const { guard } = guardWith({});
    const limits = {
      runTokenLimit: null,
      dayTokenLimit: null,
      runCostLimit: 0.5,
      dayCostLimit: null,
    };
    expect(await codeOf(guard.forRun(limits, undefined, PRICES, 0.49).check())).toBe('allowed');
    expect(await codeOf(guard.forRun(limits, undefined, PRICES, 0.5).check())).toBe(
      'BUDGET_RUN_COST_REACHED',
    );
  });
});
