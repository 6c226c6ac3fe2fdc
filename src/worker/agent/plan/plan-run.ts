// ## Owns
// The run's side of Plan before Act: asks the gate when the chat's mode and the
// person's setting call for a plan, then hands the approved plan to the run's working
// memory (which pins it into the conversation) and keeps it with the answer. Called
// once, before the first round.
import { raceAbort } from '../../../shared/lib/abort';
import type { FetchLike, ModelMessage } from '../../providers/model-adapter';
import type { RunContext } from '../run-context';
import type { PreparedRun } from '../run-prepare';
import { planBeforeAct, planReviewFor } from './plan-gate';
import type { RunLimits } from '../budget/run-limits-of';
import { tracedAdapter } from '../trace-sink';

/** Plans the run if it should; throws (ending the run) when no plan was approved. */
export async function planRunIfAsked(
  run: RunContext,
  prepared: PreparedRun,
  messages: ModelMessage[],
  fetch: FetchLike,
  limits: Pick<RunLimits, 'beforeCall' | 'afterCall'>,
): Promise<void> {
  const review = planReviewFor(prepared.mode, prepared.general.planReview);
  if (review === 'off') return;
  run.trace.enter('planner');
  const tab = await raceAbort(run.deps.tabs.siteOf(run.identity.tabId), run.signal);
  const approved = await planBeforeAct({
    review,
    adapter: tracedAdapter(run.deps.adapterFor(prepared.model.settings.kind), run.trace, 'planner'),
    settings: prepared.model.settings,
    fetch,
    signal: run.signal,
    conversation: messages,
    pageUrl: tab?.url ?? '',
    interactions: run.interactions,
    timeoutMs: run.deps.interactionTimeoutMs,
    limits,
  });
  run.memory.setPlan(approved.plan);
  run.recorder.setPlan(approved.plan);
  run.events.notice(
    'info',
    approved.isAutomatic
      ? `Plan approved automatically (Settings → Agent): ${approved.plan.summary}`
      : approved.isEdited
        ? 'You approved the plan with your changes; the agent follows it.'
        : 'You approved the plan; the agent follows it.',
  );
}
