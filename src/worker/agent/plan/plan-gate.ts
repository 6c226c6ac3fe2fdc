// ## Owns
// Plan before Act: whether a run plans (the decision), the planning call with its one
// repair request, and the person's review. The run goes on only with an approved
// plan; a rejection, a timeout or a second unusable answer ends it with a
// ProtocolFailure before any tool round, so no browser tool has run.
// ## Why a separate call
// The planner gets no tools, so it cannot act however the page text reads; the
// person sees what the run means to do before it touches anything.
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import type { AgentMode } from '../../../shared/protocol/agent-modes';
import type { PlanReview, RunPlan } from '../../../shared/protocol/run-plan';
import type { PendingInteraction } from '../../../shared/protocol/run-messages';
import type {
  FetchLike,
  ModelAdapter,
  ModelMessage,
  ModelSettings,
} from '../../providers/model-adapter';
import { awaitDecision, type InteractionBook } from '../approvals';
import { streamAnswerText } from '../one-shot-model';
import type { RunLimits } from '../budget/run-limits-of';
import { readPlanAnswer, type PlanAnswer } from './plan-answer';
import { PLANNER_SYSTEM_PROMPT, plannerUserText, repairMessages } from './plan-prompt';

/** The call id of the plan card (one per run, correlated with the run's id). */
export const PLAN_CALL_ID = 'plan-review';
/** Characters of a planner answer read before it counts as unusable. */
export const MAX_PLAN_ANSWER_CHARS = 32_000;
/** Output tokens a planning call may use (thinking models spend some first). */
export const PLAN_OUTPUT_TOKENS = 4_096;

/**
 * Whether a run plans, and how: only runs that may act (Act, Dev) plan; Ask and
 * sites without modes never do. The setting is the person's: off, ask, or auto.
 */
export function planReviewFor(mode: AgentMode | null, setting: PlanReview): PlanReview {
  return mode === 'act' || mode === 'dev' ? setting : 'off';
}

export interface PlanGateInput {
  readonly review: 'ask' | 'auto';
  readonly adapter: ModelAdapter;
  readonly settings: ModelSettings;
  readonly fetch: FetchLike;
  readonly signal: AbortSignal;
  /** The run's built conversation; the planner sees its task, page and a digest. */
  readonly conversation: readonly ModelMessage[];
  readonly pageUrl: string;
  readonly interactions: InteractionBook;
  readonly timeoutMs: number;
  /** The run's token limits; a planning call spends like any other. */
  readonly limits?: Pick<RunLimits, 'beforeCall' | 'afterCall'>;
}

export interface ApprovedPlan {
  readonly plan: RunPlan;
  /** Whether the person changed it before approving. */
  readonly isEdited: boolean;
  readonly isAutomatic: boolean;
}

async function askPlanner(
  input: PlanGateInput,
  messages: readonly ModelMessage[],
): Promise<{ text: string; answer: PlanAnswer }> {
  await input.limits?.beforeCall();
  const { text, isCut, usage } = await streamAnswerText(
    input.adapter,
    { settings: { ...input.settings, maxOutputTokens: PLAN_OUTPUT_TOKENS }, messages, tools: [] },
    { signal: input.signal, fetch: input.fetch, maxChars: MAX_PLAN_ANSWER_CHARS },
  );
  await input.limits?.afterCall(usage, { messages, outputText: text });
  if (isCut)
    return {
      text,
      answer: {
        ok: false,
        reason: `The reply was longer than ${MAX_PLAN_ANSWER_CHARS.toLocaleString('en')} characters.`,
      },
    };
  return { text, answer: readPlanAnswer(text) };
}

/** The planner's plan, asked again once when the first answer is unusable. */
export async function proposePlan(
  input: PlanGateInput,
): Promise<{ plan: RunPlan; droppedSteps: number; isRepaired: boolean }> {
  const first: ModelMessage[] = [
    { role: 'system', text: PLANNER_SYSTEM_PROMPT },
    {
      role: 'user',
      content: [
        {
          type: 'text',
          text: plannerUserText({
            conversation: input.conversation,
            pageUrl: input.pageUrl,
            modelId: input.settings.modelId,
          }),
        },
      ],
    },
  ];
  const initial = await askPlanner(input, first);
  if (initial.answer.ok) return { ...initial.answer, isRepaired: false };
  const firstReason = initial.answer.reason;
  const repaired = await askPlanner(input, repairMessages(first, initial.text, firstReason));
  if (repaired.answer.ok) return { ...repaired.answer, isRepaired: true };
  throw new ProtocolFailure(
    'PLAN_INVALID',
    `The model did not return a usable plan, even when asked again. First answer: ${firstReason} Second answer: ${repaired.answer.reason}`,
    { firstReason, secondReason: repaired.answer.reason },
  );
}

/** Proposes the plan and returns it approved, or ends the run (throws) without it. */
export async function planBeforeAct(input: PlanGateInput): Promise<ApprovedPlan> {
  const proposed = await proposePlan(input);
  if (input.review === 'auto') return { plan: proposed.plan, isEdited: false, isAutomatic: true };
  const pending: PendingInteraction = {
    kind: 'plan-review',
    callId: PLAN_CALL_ID,
    name: 'plan',
    plan: proposed.plan,
    droppedSteps: proposed.droppedSteps,
    repaired: proposed.isRepaired,
  };
  let approved: RunPlan | undefined;
  const decision = await awaitDecision(
    input.interactions,
    pending,
    ['accept', 'reject'],
    input.timeoutMs,
    input.signal,
    (answer) => (approved = answer.plan),
  );
  if (decision === 'timeout')
    throw new ProtocolFailure(
      'PLAN_TIMEOUT',
      'The plan was not approved in time, so the run ended before it did anything on the page.',
    );
  if (decision !== 'accept')
    throw new ProtocolFailure(
      'PLAN_REJECTED',
      'You rejected the plan, so the run ended before it did anything on the page.',
    );
  const plan = approved ?? proposed.plan;
  return {
    plan,
    isEdited: JSON.stringify(plan) !== JSON.stringify(proposed.plan),
    isAutomatic: false,
  };
}
