// ## Owns
// The person's token and cost limits applied to model calls: each call asks `check`
// first (the decision is `maySpend`) and reports what it spent with `record`, which
// adds it to today's total and, inside a run, to the run's total. Dollars are counted
// only for models with prices entered, and only such models are held to cost limits.
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import type { ModelPrices } from '../../../shared/protocol/settings-messages';
import type { SettingsStore } from '../../storage/store-contracts';
import { addTokens, NO_TOKENS, totalOf, type SpentTokens } from './call-usage';
import type { DaySpend } from './day-spend';
import { addCost, costOfCall } from './call-cost';
import { maySpend, type SpendLimits, type SpentSoFar } from './spend-decision';

/** One run's share: its own total next to the day's. */
export interface RunSpend {
  /** Throws a BUDGET_* failure when the next call may not spend. */
  check(): Promise<void>;
  /** Counts one call of the run's model, or of another model when `prices` are given. */
  record(tokens: SpentTokens, prices?: ModelPrices | null): Promise<void>;
  /** Tokens this run spent so far. */
  total(): SpentTokens;
  /** US dollars this run spent on priced models; null when none of its calls was priced. */
  cost(): number | null;
}

export interface SpendGuard {
  /**
   * For calls outside a run (chat naming, auto-learn): only the day limits apply, the
   * cost one when the calling model's `prices` are known.
   */
  check(prices?: ModelPrices | null): Promise<void>;
  record(tokens: SpentTokens, prices?: ModelPrices | null): Promise<void>;
  /**
   * A run's meter, with the limits the run started with and its model's prices;
   * `spent` and `costBefore` are what it spent before (a resumed run), already
   * counted in the day's total.
   */
  forRun(
    limits: SpendLimits,
    spent?: SpentTokens,
    prices?: ModelPrices | null,
    costBefore?: number | null,
  ): RunSpend;
}

const refuse = (limits: SpendLimits, spent: SpentSoFar): void => {
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
  const dayCost = () => day.todayCost().catch(() => 0);
  const addToDay = (tokens: SpentTokens, costUsd: number | null) =>
    day.add(tokens, costUsd).catch(() => undefined);
  return {
    async check(prices = null) {
      const general = await settings.general();
      refuse(
        { ...general, runTokenLimit: null, runCostLimit: null },
        {
          day: await dayTotal(),
          ...(prices !== null ? { cost: { day: await dayCost() } } : {}),
        },
      );
    },
    record: (tokens, prices = null) => addToDay(tokens, costOfCall(tokens, prices)),
    forRun(limits, before = NO_TOKENS, runPrices = null, costBefore = null) {
      let spent = before;
      let cost = costBefore;
      return {
        check: async () =>
          refuse(limits, {
            run: totalOf(spent),
            day: await dayTotal(),
            ...(runPrices !== null ? { cost: { run: cost ?? 0, day: await dayCost() } } : {}),
          }),
        async record(tokens, prices = runPrices) {
          const callCost = costOfCall(tokens, prices);
          spent = addTokens(spent, tokens);
          cost = addCost(cost, callCost);
          await addToDay(tokens, callCost);
        },
        total: () => spent,
        cost: () => cost,
      };
    },
  };
}
