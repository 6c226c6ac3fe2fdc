import type { FinishReason } from '../model-adapter';

/**
 * Maps a Chat Completions `finish_reason` to the neutral reason. `function_call` is
 * the legacy name of `tool_calls`; anything unknown is `other` (raw kept by the caller).
 * @see https://platform.openai.com/docs/api-reference/chat/object#chat/object-choices
 */
export function mapOpenAiCompatibleFinishReason(
  reason: string | undefined,
  hasToolCalls: boolean,
): FinishReason {
  switch (reason) {
    case 'stop':
      // Ollama and some gateways say "stop" after tool calls; the calls decide.
      return hasToolCalls ? 'tool_calls' : 'stop';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content_filter';
    case 'tool_calls':
    case 'function_call':
      return 'tool_calls';
    default:
      return hasToolCalls ? 'tool_calls' : 'other';
  }
}
