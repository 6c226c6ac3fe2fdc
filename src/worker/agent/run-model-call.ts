// ## Owns
// One model call of a run's main loop and what its end means: the person's token
// limits asked before and told after, the call recorded in the run's trace, its text
// streamed to the turn and the panel; then a failure thrown, a cut-off or filtered
// answer told to the person, and the tool calls it made (some models write them as
// text) checked and put in the conversation.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { FetchLike, ModelMessage, ModelToolDefinition } from '../providers/model-adapter';
import type { runLimitsOf } from './budget/run-limits-of';
import type { RunContext } from './run-context';
import type { PreparedRun } from './run-prepare';
import { recoverTextToolCalls } from './text-tool-calls';
import { tracedAdapter } from './trace-sink';
import { streamTurn, type ToolCallPart, type TurnResult } from './turn';

export interface ModelCall {
  readonly prepared: PreparedRun;
  readonly messages: ModelMessage[];
  /** The tools this round offers. */
  readonly offered: readonly ModelToolDefinition[];
  /** Every tool the run may offer, as the budget counts them. */
  readonly toolsText: string;
  readonly fetch: FetchLike;
  readonly limits: ReturnType<typeof runLimitsOf>;
}

/** Asks the model once; the answer's text reaches the turn and the panel as it comes. */
export async function callModel(run: RunContext, call: ModelCall): Promise<TurnResult> {
  const { deps, signal, events, recorder } = run;
  const { settings } = call.prepared.model;
  await call.limits.beforeCall();
  const result = await streamTurn({
    adapter: tracedAdapter(deps.adapterFor(settings.kind), run.trace, 'main-loop'),
    request: { settings, messages: call.messages, tools: call.offered },
    signal,
    fetch: call.fetch,
    onDelta: (channel, text) => {
      recorder.appendText(channel, text);
      events.delta(channel, text);
    },
  });
  await call.limits.afterCall(result.usage, {
    messages: call.messages,
    toolsText: call.toolsText,
    outputText: [
      result.text,
      result.reasoning.text,
      ...result.toolCalls.map((part) => part.name + part.argumentsText),
    ].join(''),
  });
  return result;
}

/** Throws the call's failure; tells the person when the answer was cut off or filtered. */
export function checkAnswer(run: RunContext, result: TurnResult): void {
  if (result.error)
    throw new ProtocolFailure(
      result.error.code,
      result.error.message,
      result.error.details as Record<string, unknown> | undefined,
    );
  if (result.finish !== 'length' && result.finish !== 'content_filter') return;
  run.recorder.mark(`finish:${result.finish}`);
  const isLength = result.finish === 'length';
  run.events.notice(
    'warning',
    isLength
      ? 'The model stopped at its output limit; the answer may be cut off.'
      : "The provider's content filter stopped the answer.",
    isLength ? 'FINISH_LENGTH' : 'FINISH_CONTENT_FILTER',
  );
}

function checkCallIds(calls: readonly ToolCallPart[], seen: Set<string>): void {
  for (const call of calls) {
    if (seen.has(call.id)) {
      throw new ProtocolFailure(
        'PROVIDER_DUPLICATE_TOOL_CALL_ID',
        'The model reused a tool-call id.',
        { callId: call.id.slice(0, 128) },
      );
    }
    seen.add(call.id);
  }
}

/**
 * The tool calls of the answer, in the conversation as the assistant's message; none
 * means the answer is final. A model that wrote its calls as text gets them run as
 * calls when they name offered tools with valid arguments; its reply otherwise stays
 * the answer.
 */
export function takeToolCalls(
  run: RunContext,
  result: TurnResult,
  context: {
    readonly messages: ModelMessage[];
    readonly tools: readonly ModelToolDefinition[];
    readonly round: number;
    readonly seenIds: Set<string>;
  },
): readonly ToolCallPart[] {
  const recovered =
    result.toolCalls.length === 0
      ? recoverTextToolCalls(
          result.text,
          context.tools,
          `text-${run.runId.slice(-12)}-${context.round}`,
        )
      : null;
  const toolCalls = recovered ? recovered.calls : result.toolCalls;
  if (toolCalls.length === 0) return toolCalls;
  if (recovered) run.recorder.mark('text-tool-calls');
  checkCallIds(toolCalls, context.seenIds);
  context.messages.push({
    role: 'assistant',
    text: recovered ? recovered.text : result.text,
    toolCalls: toolCalls.map((call) => ({
      id: call.id,
      name: call.name,
      argumentsText: call.argumentsText,
    })),
    // Only signed (Anthropic) thinking is replayed, as its API requires in a tool loop.
    ...(result.reasoning.signature !== undefined ? { reasoning: result.reasoning } : {}),
  });
  return toolCalls;
}
