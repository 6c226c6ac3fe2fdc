// ## Owns
// A run's step cap and token and cost meter, made from the settings it started with, and
// the stops they cause: a progress summary for the person, then the error that ends
// the run with Continue offered.
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import type { GeneralSettings, ModelPrices } from '../../../shared/protocol/settings-messages';
import { MAX_TOOL_ROUNDS } from '../../providers/provider-limits';
import type { RunContext } from '../run-context';
import { describeCost } from './call-cost';
import { describeTokens, totalOf, usageOfCall, type CallShape } from './call-usage';
import type { ModelUsage } from '../../providers/model-adapter';
import { progressSummaryOf } from './progress-summary';
import type { SpendGuard } from './spend-guard';

export interface RunLimits {
  /** Before each model call of the run: throws when a token or cost limit is used up. */
  beforeCall(): Promise<void>;
  /**
   * After each model call: counts its tokens (reported or estimated) and their cost,
   * at the run model's prices unless the call went to another model (`prices`).
   */
  afterCall(
    reported: ModelUsage | null,
    call: CallShape,
    prices?: ModelPrices | null,
  ): Promise<void>;
  /** After a round that asked for tools: throws STEP_LIMIT_REACHED at the cap. */
  afterRound(round: number): void;
  /** Tells the person what the run spent, once, however it ended. */
  reportUsage(): void;
}

export function runLimitsOf(
  run: RunContext,
  spend: SpendGuard,
  general: GeneralSettings,
  prices: ModelPrices | null = null,
): RunLimits {
  // The product ceiling holds even if a stored setting says more.
  const maxSteps = Math.min(general.maxSteps, MAX_TOOL_ROUNDS);
  // A resumed run's limit counts what it spent before the restart.
  const meter = spend.forRun(general, run.resumed?.spent, prices, run.resumed?.costUsd ?? null);
  let reported = false;
  const pause = (error: unknown): never => {
    if (error instanceof ProtocolFailure) {
      const soFar = progressSummaryOf(run.recorder.snapshot(), 'So far:');
      run.events.notice('warning', `${error.message} ${soFar}`, error.code);
    }
    throw error;
  };
  return {
    beforeCall: () => meter.check().catch(pause),
    async afterCall(usage, call, callPrices) {
      const tokens = usageOfCall(usage, call);
      await (callPrices === undefined ? meter.record(tokens) : meter.record(tokens, callPrices));
      run.checkpoint.spent(meter.total(), meter.cost());
    },
    afterRound(round) {
      if (round < maxSteps) return;
      const summary = progressSummaryOf(run.recorder.snapshot(), `Stopped after ${round} steps:`);
      run.events.notice('warning', summary, 'STEP_LIMIT_REACHED');
      throw new ProtocolFailure(
        'STEP_LIMIT_REACHED',
        `The run reached its limit of ${maxSteps} steps. ${summary}`,
        { maxSteps },
      );
    },
    reportUsage() {
      const total = meter.total();
      if (reported || totalOf(total) === 0) return;
      reported = true;
      const cost = meter.cost();
      run.recorder.setUsage(total, cost);
      const costText = cost === null ? '' : `, costing ${describeCost(cost)}`;
      run.events.notice(
        'info',
        `This response used ${describeTokens(total)}${costText}.`,
        'RUN_USAGE',
      );
    },
  };
}
