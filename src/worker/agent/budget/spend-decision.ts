// ## Owns
// The one answer to "may this model call spend?": every model call (the run's
// rounds, the planner, vision, chat naming, auto-learn, one-shot calls) asks it
// first, so a limit the person set holds no matter which feature calls the model.
import type { ErrorCode } from '../../../shared/protocol/error-codes';
import { describeCost } from './call-cost';

/** The person's limits; null is no limit. */
export interface SpendLimits {
  readonly runTokenLimit: number | null;
  readonly dayTokenLimit: number | null;
  /** US dollars; apply only to calls whose model has prices. */
  readonly runCostLimit: number | null;
  readonly dayCostLimit: number | null;
}

/** What was spent so far; `run` is absent for calls outside a run (naming, auto-learn). */
export interface SpentSoFar {
  readonly run?: number;
  readonly day: number;
  /**
   * US dollars spent by priced calls; absent when the calling model has no prices,
   * so the cost limits do not apply to it.
   */
  readonly cost?: { readonly run?: number; readonly day: number };
}

export type SpendDecision =
  | { readonly allowed: true }
  | {
      readonly allowed: false;
      readonly code: Extract<
        ErrorCode,
        | 'BUDGET_RUN_REACHED'
        | 'BUDGET_DAY_REACHED'
        | 'BUDGET_RUN_COST_REACHED'
        | 'BUDGET_DAY_COST_REACHED'
      >;
      readonly message: string;
      readonly limit: number;
      readonly spent: number;
    };

const figure = (tokens: number) => Math.round(tokens).toLocaleString('en-US');

/**
 * Refuses once a limit is used up. A call is not priced in advance (its size is only
 * known afterwards), so the last allowed call may end a little past the limit; the
 * next one is refused. Token limits are checked before cost limits.
 */
export function maySpend(limits: SpendLimits, spent: SpentSoFar): SpendDecision {
  if (limits.dayTokenLimit !== null && spent.day >= limits.dayTokenLimit) {
    return {
      allowed: false,
      code: 'BUDGET_DAY_REACHED',
      message: `Today's token limit of ${figure(limits.dayTokenLimit)} is used up (${figure(spent.day)} spent).`,
      limit: limits.dayTokenLimit,
      spent: spent.day,
    };
  }
  if (
    limits.runTokenLimit !== null &&
    spent.run !== undefined &&
    spent.run >= limits.runTokenLimit
  ) {
    return {
      allowed: false,
      code: 'BUDGET_RUN_REACHED',
      message: `This response's token limit of ${figure(limits.runTokenLimit)} is used up (${figure(spent.run)} spent).`,
      limit: limits.runTokenLimit,
      spent: spent.run,
    };
  }
  return mayCost(limits, spent.cost);
}

function mayCost(limits: SpendLimits, cost: SpentSoFar['cost']): SpendDecision {
  if (cost === undefined) return { allowed: true };
  if (limits.dayCostLimit !== null && cost.day >= limits.dayCostLimit) {
    return {
      allowed: false,
      code: 'BUDGET_DAY_COST_REACHED',
      message: `Today's cost limit of ${describeCost(limits.dayCostLimit)} is used up (${describeCost(cost.day)} spent).`,
      limit: limits.dayCostLimit,
      spent: cost.day,
    };
  }
  if (limits.runCostLimit !== null && cost.run !== undefined && cost.run >= limits.runCostLimit) {
    return {
      allowed: false,
      code: 'BUDGET_RUN_COST_REACHED',
      message: `This response's cost limit of ${describeCost(limits.runCostLimit)} is used up (${describeCost(cost.run)} spent).`,
      limit: limits.runCostLimit,
      spent: cost.run,
    };
  }
  return { allowed: true };
}
