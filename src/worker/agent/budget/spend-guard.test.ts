import { describe, expect, it } from 'vitest';
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import { DEFAULT_GENERAL_SETTINGS } from '../../storage/settings-records';
import { createMemoryDaySpend } from './day-spend';
import { createSpendGuard } from './spend-guard';

const spent = (inputTokens: number, outputTokens = 0) => ({
  inputTokens,
  outputTokens,
  estimated: false,
});

function guardWith(limits: { runTokenLimit?: number | null; dayTokenLimit?: number | null }) {
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
    const limits = { runTokenLimit: 1_000, dayTokenLimit: 5_000 };
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
        add: () => Promise.reject(new Error('x')),
      },
    );
    expect(await codeOf(guard.check())).toBe('allowed');
    await expect(guard.record(spent(10))).resolves.toBeUndefined();
  });
});
