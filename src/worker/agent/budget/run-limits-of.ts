// ## Owns
// A run's step cap and token meter, made from the settings it started with, and
// the stops they cause: a progress summary for the person, then the error that ends
// the run with Continue offered.
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import type { GeneralSettings } from '../../../shared/protocol/settings-messages';
import { MAX_TOOL_ROUNDS } from '../../providers/provider-limits';
import type { RunContext } from '../run-context';
import { describeTokens, totalOf, usageOfCall, type CallShape } from './call-usage';
import type { ModelUsage } from '../../providers/model-adapter';
import { progressSummaryOf } from './progress-summary';
import type { SpendGuard } from './spend-guard';

export interface RunLimits {
  /** Before each model call of the run: throws when a token limit is used up. */
  beforeCall(): Promise<void>;
  /** After each model call: counts its tokens (reported or estimated). */
  afterCall(reported: ModelUsage | null, call: CallShape): Promise<void>;
  /** After a round that asked for tools: throws STEP_LIMIT_REACHED at the cap. */
  afterRound(round: number): void;
  /** Tells the person what the run spent, once, however it ended. */
  reportUsage(): void;
}

export function runLimitsOf(
  run: RunContext,
  spend: SpendGuard,
  general: GeneralSettings,
): RunLimits {
  // The product ceiling holds even if a stored setting says more.
  const maxSteps = Math.min(general.maxSteps, MAX_TOOL_ROUNDS);
  // A resumed run's limit counts what it spent before the restart.
  const meter = spend.forRun(general, run.resumed?.spent);
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
    async afterCall(usage, call) {
      await meter.record(usageOfCall(usage, call));
      run.checkpoint.spent(meter.total());
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
      run.recorder.setUsage(total);
      run.events.notice('info', `This response used ${describeTokens(total)}.`, 'RUN_USAGE');
    },
  };
}
