// ## Owns
// Chat Completions chunks to StreamParts: content (through the inline think
// parser), the four reasoning dialects, tool-call fragments, finish_reason, usage
// and mid-stream error objects, which the reference all dropped (study §6.1 item 4).
// Pure and synchronous, so fixtures replay it at any chunking without HTTP.
import type { ServerSentEvent } from '../sse/event-stream-decoder';
import type { ModelUsage, StreamPart } from '../model-adapter';
import type { StreamInterpreter } from '../http/run-stream-attempt';
import { classifyStreamError } from '../http/classify-provider-error';
import { ProviderError } from '../provider-error';
import type { ProviderLimits } from '../provider-limits';
import { ToolCallAssembler } from '../tool-call-assembler';
import { InlineThinkParser } from './inline-think-parser';
import { mapOpenAiCompatibleFinishReason } from './map-openai-compatible-finish-reason';
import type { OpenAiDelta, OpenAiUsage } from './openai-compatible-wire';
import { OpenAiChunkParser } from './parse-openai-compatible-chunk';

/** Interprets one Chat Completions stream. */
export class OpenAiCompatibleStreamInterpreter implements StreamInterpreter {
  readonly isComplete = false;
  /** Where parts go; set per call, so the think parser's sink needs no array of its own. */
  private out: StreamPart[] = [];
  private readonly think = new InlineThinkParser({
    text: (text) => this.out.push({ type: 'text-delta', text }),
    reasoning: (text) => this.out.push({ type: 'reasoning-delta', text }),
  });
  private readonly toolCalls: ToolCallAssembler;
  private readonly chunks = new OpenAiChunkParser();
  private finishReason: string | undefined;
  private usage: ModelUsage | undefined;

  constructor(limits: Pick<ProviderLimits, 'maxToolArgumentChars' | 'maxToolCallsPerRound'>) {
    this.toolCalls = new ToolCallAssembler(limits);
  }

  onEvent(event: ServerSentEvent, out: StreamPart[]): void {
    const { data } = event;
    // A blank event (only whitespace) carries nothing; checked without trimming every one.
    if (data.length === 0 || (data.charCodeAt(0) <= 0x20 && data.trim() === '')) return;
    const chunk = this.chunks.parse(data);
    if (chunk.error !== undefined && chunk.error !== null) throw classifyStreamError(chunk.error);
    if (chunk.usage) this.usage = convertUsage(chunk.usage);
    // Only the first choice is read: we never request n > 1.
    const choice = chunk.choices?.find((candidate) => (candidate.index ?? 0) === 0);
    this.out = out;
    if (choice?.delta) this.readDelta(choice.delta);
    if (choice?.finish_reason) this.finishReason = choice.finish_reason;
  }

  finish(sawDone: boolean, out: StreamPart[]): void {
    if (this.finishReason === undefined && !sawDone) {
      throw new ProviderError(
        'PROVIDER_MALFORMED_STREAM',
        'The stream ended before the model finished its answer.',
        {
          isRetryable: false,
        },
      );
    }
    this.out = out;
    this.think.end();
    const calls = this.toolCalls.finish();
    out.push(...calls);
    if (this.usage) out.push({ type: 'usage', usage: this.usage });
    const finish: {
      type: 'finish';
      reason: ReturnType<typeof mapOpenAiCompatibleFinishReason>;
      rawReason?: string;
    } = {
      type: 'finish',
      reason: mapOpenAiCompatibleFinishReason(this.finishReason, calls.length > 0),
    };
    if (this.finishReason !== undefined) finish.rawReason = this.finishReason;
    out.push(finish);
  }

  private readDelta(delta: OpenAiDelta): void {
    const reasoning = pickReasoning(delta);
    if (reasoning) this.out.push({ type: 'reasoning-delta', text: reasoning });
    if (delta.content) this.think.push(delta.content);
    for (const fragment of delta.tool_calls ?? []) {
      const argumentsValue = fragment.function?.arguments;
      this.toolCalls.add({
        index: fragment.index ?? undefined,
        id: fragment.id,
        name: fragment.function?.name,
        argumentsText:
          typeof argumentsValue === 'object' && argumentsValue !== null
            ? JSON.stringify(argumentsValue)
            : argumentsValue,
      });
    }
  }
}

/** First present of the reasoning dialects, in the order of study STR-03. */
function pickReasoning(delta: OpenAiDelta): string | undefined {
  if (delta.reasoning_content) return delta.reasoning_content;
  if (typeof delta.reasoning === 'string') return delta.reasoning || undefined;
  if (delta.reasoning?.content) return delta.reasoning.content;
  return delta.thinking ?? undefined;
}

function convertUsage(usage: OpenAiUsage): ModelUsage {
  const converted: ModelUsage = {};
  if (typeof usage.prompt_tokens === 'number') converted.inputTokens = usage.prompt_tokens;
  if (typeof usage.completion_tokens === 'number') converted.outputTokens = usage.completion_tokens;
  const reasoning = usage.completion_tokens_details?.reasoning_tokens;
  if (typeof reasoning === 'number') converted.reasoningTokens = reasoning;
  const cached = usage.prompt_tokens_details?.cached_tokens;
  if (typeof cached === 'number') converted.cachedInputTokens = cached;
  return converted;
}
