// ## Owns
// The run side of the clarify tool: the question shown as a pending interaction
// (up to four answers to pick, or the person's own words) and the answer read back.
// Question and options are the model's text and stay text in the panel; the answer
// is the person's, bounded here before it reaches the model.
import { awaitDecision, type InteractionBook } from './approvals';
import { clip } from './turn-recorder';
import {
  MAX_CLARIFY_OPTION_CHARS,
  MAX_CLARIFY_OPTIONS,
  MAX_CLARIFY_QUESTION_CHARS,
  type FormContent,
} from '../../shared/protocol/run-messages';
import type { RunInteraction } from '../tools/run-interaction';
import type { ToolCallPart } from './turn';

/** Longest answer the person's own words may be. */
export const MAX_CLARIFY_ANSWER_CHARS = 2_000;

type SetStatus = (status: 'running' | 'awaiting-approval') => void;

export function clarifyInteraction(
  call: ToolCallPart,
  context: {
    readonly interactions: InteractionBook;
    readonly interactionTimeoutMs: number;
    readonly signal: AbortSignal;
  },
  setStatus: SetStatus,
): Required<Pick<RunInteraction, 'askPerson'>> {
  return {
    askPerson: async (request, signal) => {
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
            options: request.options
              .slice(0, MAX_CLARIFY_OPTIONS)
              .map((option) => clip(option, MAX_CLARIFY_OPTION_CHARS)),
          },
          ['accept', 'cancel'],
          context.interactionTimeoutMs,
          AbortSignal.any([signal, context.signal]),
          (answered) => (content = answered.content ?? {}),
        );
        if (decision === 'timeout') return { answer: null, reason: 'timeout' };
        const answer = content['answer'];
        if (decision !== 'accept' || typeof answer !== 'string' || answer.trim() === '')
          return { answer: null, reason: 'dismissed' };
        return { answer: answer.trim().slice(0, MAX_CLARIFY_ANSWER_CHARS) };
      } finally {
        setStatus('running');
      }
    },
  };
}
