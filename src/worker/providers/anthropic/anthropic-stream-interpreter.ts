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
import type { AnthropicEvent, AnthropicUsage } from './anthropic-wire';
import { mapAnthropicFinishReason } from './map-anthropic-finish-reason';
import { AnthropicEventParser } from './parse-anthropic-event';

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
  private readonly events = new AnthropicEventParser();

  constructor(limits: Pick<ProviderLimits, 'maxToolArgumentChars' | 'maxToolCallsPerRound'>) {
    this.toolCalls = new ToolCallAssembler(limits);
  }

  get isComplete(): boolean {
    return this.completed;
  }

  onEvent(event: ServerSentEvent, out: StreamPart[]): void {
    const parsed = this.events.parse(event.data);
    if (parsed === undefined) return;
    switch (parsed.type) {
      case 'message_start':
        this.addUsage(parsed.message.usage);
        return;
      case 'content_block_start':
        this.startBlock(parsed, out);
        return;
      case 'content_block_delta':
        this.applyDelta(parsed, out);
        return;
      case 'content_block_stop': {
        const signature = this.signatures.get(parsed.index);
        if (signature) out.push({ type: 'reasoning-signature', signature });
        return;
      }
      case 'message_delta':
        if (parsed.delta.stop_reason) this.stopReason = parsed.delta.stop_reason;
        this.addUsage(parsed.usage);
        return;
      case 'message_stop':
        this.completed = true;
        return;
      case 'ping':
        return;
      case 'error':
        throw classifyStreamError(parsed.error);
    }
  }

  finish(_sawDone: boolean, out: StreamPart[]): void {
    if (!this.completed && this.stopReason === undefined) {
      throw new ProviderError(
        'PROVIDER_MALFORMED_STREAM',
        'The stream ended before the model finished its answer.',
      );
    }
    out.push(...this.toolCalls.finish());
    if (this.hasUsage) out.push({ type: 'usage', usage: this.usage });
    const finish: {
      type: 'finish';
      reason: ReturnType<typeof mapAnthropicFinishReason>;
      rawReason?: string;
    } = {
      type: 'finish',
      reason: mapAnthropicFinishReason(this.stopReason),
    };
    if (this.stopReason !== undefined) finish.rawReason = this.stopReason;
    out.push(finish);
  }

  private startBlock(
    event: Extract<AnthropicEvent, { type: 'content_block_start' }>,
    out: StreamPart[],
  ): void {
    const block = event.content_block;
    this.blockTypes.set(event.index, block.type);
    if (block.type === 'tool_use') {
      this.toolCalls.add({ index: event.index, id: block.id, name: block.name });
      return;
    }
    // Start blocks may carry initial text; in practice it is empty, but do not drop it.
    if (block.type === 'text' && block.text) out.push({ type: 'text-delta', text: block.text });
    if (block.type === 'thinking' && block.thinking)
      out.push({ type: 'reasoning-delta', text: block.thinking });
  }

  private applyDelta(
    event: Extract<AnthropicEvent, { type: 'content_block_delta' }>,
    out: StreamPart[],
  ): void {
    const delta = event.delta;
    switch (delta.type) {
      case 'text_delta':
        if (delta.text !== '') out.push({ type: 'text-delta', text: delta.text });
        return;
      case 'thinking_delta':
        if (delta.thinking !== '') out.push({ type: 'reasoning-delta', text: delta.thinking });
        return;
      case 'input_json_delta':
        if (this.blockTypes.get(event.index) !== 'tool_use')
          throw malformed('input_json_delta outside a tool_use block.');
        this.toolCalls.add({ index: event.index, argumentsText: delta.partial_json });
        return;
      case 'signature_delta':
        this.signatures.set(
          event.index,
          (this.signatures.get(event.index) ?? '') + delta.signature,
        );
        return;
      case 'citations_delta':
        return;
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

function malformed(message: string): ProviderError {
  return new ProviderError('PROVIDER_MALFORMED_STREAM', message);
}
