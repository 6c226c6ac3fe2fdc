// ## Owns
// The run side of the clarify tool: the question shown as a pending interaction
// (up to four answers to pick, or the person's own words), the answer read back, and
// what happens when nobody answers (the person's setting). Question and options are
// the model's text and stay text in the panel; the answer is the person's, bounded
// here before it reaches the model.
// ## Never
// Passes a choice the clock made off as the person's: it comes back marked
// `chosenBy: 'timeout'`, and the person is told which option was taken.
import { awaitDecision, type InteractionBook } from './approvals';
import { clip } from './turn-recorder';
import {
  MAX_CLARIFY_OPTION_CHARS,
  MAX_CLARIFY_OPTIONS,
  MAX_CLARIFY_QUESTION_CHARS,
  type FormContent,
} from '../../shared/protocol/run-messages';
import type { ClarifyTimeout } from '../../shared/protocol/settings-messages';
import type { RunInteraction } from '../tools/run-interaction';
import type { ToolCallPart } from './turn';
import type { RunEventSink } from './run-events';

/** Longest answer the person's own words may be. */
export const MAX_CLARIFY_ANSWER_CHARS = 2_000;

/** What an unanswered question does, from Settings → Agent. */
export interface ClarifyPolicy {
  readonly timeout: ClarifyTimeout;
  readonly waitSeconds: number;
}

type SetStatus = (status: 'running' | 'awaiting-approval') => void;

/** How long the card waits: the policy's seconds, else the run's wait for people. */
function waitMs(policy: ClarifyPolicy | undefined, interactionTimeoutMs: number): number {
  if (policy?.timeout === 'first-option') return policy.waitSeconds * 1_000;
  // 'wait' keeps the question until the person answers or stops the run.
  if (policy?.timeout === 'wait') return Number.POSITIVE_INFINITY;
  return interactionTimeoutMs;
}

export function clarifyInteraction(
  call: ToolCallPart,
  context: {
    readonly interactions: InteractionBook;
    readonly interactionTimeoutMs: number;
    readonly clarify?: ClarifyPolicy;
    readonly events?: Pick<RunEventSink, 'notice'>;
    readonly signal: AbortSignal;
  },
  setStatus: SetStatus,
): Required<Pick<RunInteraction, 'askPerson'>> {
  const policy = context.clarify;
  const byClock = (question: string, option: string, instant: boolean) => {
    context.events?.notice(
      'info',
      instant
        ? `The agent asked \u201c${clip(question, 120)}\u201d and went on with the first answer, \u201c${option}\u201d, as Settings \u2192 Agent says for questions.`
        : `Nobody answered \u201c${clip(question, 120)}\u201d in ${String(policy?.waitSeconds)} s, so the agent went on with the first answer, \u201c${option}\u201d.`,
    );
    return { answer: option, chosenBy: 'timeout' as const };
  };
  return {
    askPerson: async (request, signal) => {
      const options = request.options
        .slice(0, MAX_CLARIFY_OPTIONS)
        .map((option) => clip(option, MAX_CLARIFY_OPTION_CHARS));
      const first = options[0];
      if (policy?.timeout === 'instant' && first !== undefined)
        return byClock(request.question, first, true);
      let content: FormContent = {};
      setStatus('awaiting-approval');
      try {
        const decision = await awaitDecision(
          context.interactions,
          {
            kind: 'clarify',
            callId: call.id,
            name: clip(call.name, 128),
            question: clip(request.question, MAX_CLARIFY_QUESTION_CHARS),
            options,
          },
          ['accept', 'cancel'],
          waitMs(policy, context.interactionTimeoutMs),
          AbortSignal.any([signal, context.signal]),
          (answered) => (content = answered.content ?? {}),
        );
        if (decision === 'timeout')
          return policy?.timeout === 'first-option' && first !== undefined
            ? byClock(request.question, first, false)
            : { answer: null, reason: 'timeout' };
        const answer = content['answer'];
        if (decision !== 'accept' || typeof answer !== 'string' || answer.trim() === '')
          return { answer: null, reason: 'dismissed' };
        return { answer: answer.trim().slice(0, MAX_CLARIFY_ANSWER_CHARS), chosenBy: 'person' };
      } finally {
        setStatus('running');
      }
    },
  };
}
