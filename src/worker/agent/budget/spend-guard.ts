// ## Owns
// The person's token limits applied to model calls: each call asks `check` first
// (the decision is `maySpend`) and reports what it spent with `record`, which adds
// it to today's total and, inside a run, to the run's total.
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import type { SettingsStore } from '../../storage/store-contracts';
import { addTokens, NO_TOKENS, totalOf, type SpentTokens } from './call-usage';
import type { DaySpend } from './day-spend';
import { maySpend, type SpendLimits } from './spend-decision';

/** One run's share: its own total next to the day's. */
export interface RunSpend {
  /** Throws BUDGET_RUN_REACHED or BUDGET_DAY_REACHED when the next call may not spend. */
  check(): Promise<void>;
  record(tokens: SpentTokens): Promise<void>;
  /** Tokens this run spent so far. */
  total(): SpentTokens;
}

export interface SpendGuard {
  /** For calls outside a run (chat naming, auto-learn): only the day limit applies. */
  check(): Promise<void>;
  record(tokens: SpentTokens): Promise<void>;
  /**
   * A run's meter, with the limits the run started with; `spent` is what it spent
   * before (a resumed run), already counted in the day's total.
   */
  forRun(limits: SpendLimits, spent?: SpentTokens): RunSpend;
}

const refuse = (limits: SpendLimits, spent: { run?: number; day: number }): void => {
  const decision = maySpend(limits, spent);
  if (decision.allowed) return;
  throw new ProtocolFailure(decision.code, decision.message, {
    limit: decision.limit,
    spent: decision.spent,
  });
};

export function createSpendGuard(
  settings: Pick<SettingsStore, 'general'>,
  day: DaySpend,
): SpendGuard {
  // A day total that cannot be read must not block the person's work; it counts as zero.
  const dayTotal = async () => totalOf(await day.today().catch(() => NO_TOKENS));
  const addToDay = (tokens: SpentTokens) => day.add(tokens).catch(() => undefined);
  return {
    async check() {
      const general = await settings.general();
      refuse(
        { runTokenLimit: null, dayTokenLimit: general.dayTokenLimit },
        { day: await dayTotal() },
      );
    },
    record: addToDay,
    forRun(limits, before = NO_TOKENS) {
      let spent = before;
      return {
        check: async () => refuse(limits, { run: totalOf(spent), day: await dayTotal() }),
        async record(tokens) {
          spent = addTokens(spent, tokens);
          await addToDay(tokens);
        },
        total: () => spent,
      };
    },
  };
}
