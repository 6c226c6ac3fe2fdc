// ## Owns
// The run's own part of the conversation, rebuilt from its stored turn when a new
// worker resumes it: every tool round as the model's calls and their results, and the
// turn itself with the calls the old worker left open settled in plain words.
// ## Why an open call is never run again
// A call sent but without a recorded result may have clicked, typed or sent before
// the worker died. Running it again could do it twice, so the model is told the
// outcome is unknown and looks at the page again. A call recorded as waiting for
// the person was most likely not done (the turn is saved, awaited, before any call
// runs, so only an answer in the last moments could have let it run); asking again
// shows the person a new card, never an approval taken for them.
import type { AssistantTurn, ToolCallRecord } from '../../../shared/protocol/chat-records';
import type { ModelMessage } from '../../providers/model-adapter';

export const UNKNOWN_OUTCOME_TEXT =
  'Unknown outcome: the worker restarted during this action, so whether it happened is not known. Look at the page again before repeating it.';
const NOT_ASKED_TEXT =
  'Most likely not done: the extension restarted while this waited for the person. Look at the page, then call it again if it is still needed; they will be asked again.';

/** What a call the stored turn records means for the model, and its settled record. */
function settle(call: ToolCallRecord): {
  content: string;
  isError: boolean;
  record: ToolCallRecord;
} {
  switch (call.status) {
    case 'running':
      return {
        content: UNKNOWN_OUTCOME_TEXT,
        isError: true,
        record: {
          ...call,
          status: 'failed',
          errorCode: 'RUN_RESUMED_UNKNOWN_OUTCOME',
          summary: 'Unknown outcome: the extension restarted during this action.',
        },
      };
    case 'waiting':
    case 'awaiting-approval':
      return {
        content: NOT_ASKED_TEXT,
        isError: true,
        record: {
          ...call,
          status: 'skipped',
          errorCode: 'RUN_RESUMED_NOT_ASKED',
          summary: 'Not done: the extension restarted while this waited for you.',
        },
      };
    default: {
      const failed = call.status !== 'done';
      const content = call.summary.trim() === '' ? `(${call.status})` : call.summary;
      return {
        content: failed
          ? `${call.status}${call.errorCode ? ` (${call.errorCode})` : ''}: ${content}`
          : content,
        isError: failed,
        record: call,
      };
    }
  }
}

export interface ResumedConversation {
  /** The run's rounds as model messages (after the chat history and pinned notes). */
  readonly messages: ModelMessage[];
  /** The stored turn with its open calls settled, to continue recording from. */
  readonly turn: AssistantTurn;
}

/**
 * Rebuilds the rounds of `turn`. Text streamed after the last tool round belongs to a
 * model call that never finished: it stays in the turn, not in the conversation.
 */
export function resumedConversation(turn: AssistantTurn): ResumedConversation {
  const messages: ModelMessage[] = [];
  let text: string[] = [];
  const segments = turn.segments.map((segment) => {
    if (segment.kind === 'text') text.push(segment.text);
    if (segment.kind !== 'tools') return segment;
    const settled = segment.calls.map(settle);
    messages.push({
      role: 'assistant',
      text: text.join('\n\n'),
      toolCalls: segment.calls.map((call) => ({
        id: call.callId,
        name: call.name,
        argumentsText: call.argumentsPreview,
      })),
    });
    text = [];
    segment.calls.forEach((call, index) => {
      const result = settled[index];
      if (!result) return;
      messages.push({
        role: 'tool',
        callId: call.callId,
        toolName: call.name,
        content: result.content,
        ...(result.isError ? { isError: true } : {}),
      });
    });
    return { ...segment, calls: settled.map((result) => result.record) };
  });
  return { messages, turn: { ...structuredClone(turn), segments: structuredClone(segments) } };
}
