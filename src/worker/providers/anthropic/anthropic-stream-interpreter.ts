// ## Owns
// Messages API stream events to StreamParts: text, thinking (with its signature),
// tool_use input assembled from input_json_delta, stop_reason, usage and error events.
// Pure and synchronous, like the OpenAI-compatible interpreter.
// @see https://docs.anthropic.com/en/docs/build-with-claude/streaming#event-types
import type { ServerSentEvent } from '../sse/event-stream-decoder';
import type { ModelUsage, StreamPart } from '../model-adapter';
import type { StreamInterpreter } from '../http/run-stream-attempt';
import { classifyStreamError } from '../http/classify-provider-error';
import { ProviderError } from '../provider-error';
import type { ProviderLimits } from '../provider-limits';
import { ToolCallAssembler } from '../tool-call-assembler';
import { AnthropicEventSchema, type AnthropicEvent, type AnthropicUsage } from './anthropic-wire';
import { mapAnthropicFinishReason } from './map-anthropic-finish-reason';

const KNOWN_EVENTS = new Set([
  'message_start',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
  'ping',
  'error',
]);

/** Interprets one Messages API stream. */
export class AnthropicStreamInterpreter implements StreamInterpreter {
  private completed = false;
  private readonly toolCalls: ToolCallAssembler;
  /** Block index to block type, so deltas are routed by the block they belong to. */
  private readonly blockTypes = new Map<number, string>();
  private readonly signatures = new Map<number, string>();
  private stopReason: string | undefined;
  private usage: ModelUsage = {};
  private hasUsage = false;

  constructor(limits: Pick<ProviderLimits, 'maxToolArgumentChars' | 'maxToolCallsPerRound'>) {
    this.toolCalls = new ToolCallAssembler(limits);
  }

  get isComplete(): boolean {
    return this.completed;
  }

  onEvent(event: ServerSentEvent): readonly StreamPart[] {
    const parsed = parseEvent(event.data);
    if (parsed === undefined) return [];
    switch (parsed.type) {
      case 'message_start':
        this.addUsage(parsed.message.usage);
        return [];
      case 'content_block_start':
        return this.startBlock(parsed);
      case 'content_block_delta':
        return this.applyDelta(parsed);
      case 'content_block_stop': {
        const signature = this.signatures.get(parsed.index);
        return signature ? [{ type: 'reasoning-signature', signature }] : [];
      }
      case 'message_delta':
        if (parsed.delta.stop_reason) this.stopReason = parsed.delta.stop_reason;
        this.addUsage(parsed.usage);
        return [];
      case 'message_stop':
        this.completed = true;
        return [];
      case 'ping':
        return [];
      case 'error':
        throw classifyStreamError(parsed.error);
    }
  }

  finish(): readonly StreamPart[] {
    if (!this.completed && this.stopReason === undefined) {
      throw new ProviderError(
        'PROVIDER_MALFORMED_STREAM',
        'The stream ended before the model finished its answer.',
      );
    }
    const parts: StreamPart[] = [...this.toolCalls.finish()];
    if (this.hasUsage) parts.push({ type: 'usage', usage: this.usage });
    const finish: {
      type: 'finish';
      reason: ReturnType<typeof mapAnthropicFinishReason>;
      rawReason?: string;
    } = {
      type: 'finish',
      reason: mapAnthropicFinishReason(this.stopReason),
    };
    if (this.stopReason !== undefined) finish.rawReason = this.stopReason;
    parts.push(finish);
    return parts;
  }

  private startBlock(
    event: Extract<AnthropicEvent, { type: 'content_block_start' }>,
  ): StreamPart[] {
    const block = event.content_block;
    this.blockTypes.set(event.index, block.type);
    if (block.type === 'tool_use') {
      this.toolCalls.add({ index: event.index, id: block.id, name: block.name });
      return [];
    }
    // Start blocks may carry initial text; in practice it is empty, but do not drop it.
    if (block.type === 'text' && block.text) return [{ type: 'text-delta', text: block.text }];
    if (block.type === 'thinking' && block.thinking)
      return [{ type: 'reasoning-delta', text: block.thinking }];
    return [];
  }

  private applyDelta(
    event: Extract<AnthropicEvent, { type: 'content_block_delta' }>,
  ): StreamPart[] {
    const delta = event.delta;
    switch (delta.type) {
      case 'text_delta':
        return delta.text === '' ? [] : [{ type: 'text-delta', text: delta.text }];
      case 'thinking_delta':
        return delta.thinking === '' ? [] : [{ type: 'reasoning-delta', text: delta.thinking }];
      case 'input_json_delta':
        if (this.blockTypes.get(event.index) !== 'tool_use')
          throw malformed('input_json_delta outside a tool_use block.');
        this.toolCalls.add({ index: event.index, argumentsText: delta.partial_json });
        return [];
      case 'signature_delta':
        this.signatures.set(
          event.index,
          (this.signatures.get(event.index) ?? '') + delta.signature,
        );
        return [];
      case 'citations_delta':
        return [];
    }
  }

  private addUsage(usage: AnthropicUsage | null | undefined): void {
    if (!usage) return;
    this.hasUsage = true;
    // input_tokens excludes cache reads; the neutral count is everything the model read.
    const input =
      (usage.input_tokens ?? 0) +
      (usage.cache_read_input_tokens ?? 0) +
      (usage.cache_creation_input_tokens ?? 0);
    if (usage.input_tokens != null) this.usage.inputTokens = input;
    if (usage.cache_read_input_tokens != null)
      this.usage.cachedInputTokens = usage.cache_read_input_tokens;
    if (usage.output_tokens != null) this.usage.outputTokens = usage.output_tokens;
  }
}

function parseEvent(data: string): AnthropicEvent | undefined {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw malformed(`A stream event is not JSON: ${JSON.stringify(data.slice(0, 80))}`);
  }
  const type =
    typeof json === 'object' && json !== null ? (json as { type?: unknown }).type : undefined;
  // The API may add event types; unknown ones are skipped as its docs ask.
  if (typeof type === 'string' && !KNOWN_EVENTS.has(type)) return undefined;
  const result = AnthropicEventSchema.safeParse(json);
  if (!result.success)
    throw malformed(
      `A stream event has an unexpected shape: ${result.error.issues[0]?.message ?? ''}`,
    );
  return result.data;
}

function malformed(message: string): ProviderError {
  return new ProviderError('PROVIDER_MALFORMED_STREAM', message);
}
