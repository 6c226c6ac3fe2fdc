import type { FinishReason } from '../model-adapter';

/**
 * Maps a Messages API `stop_reason` to the neutral reason.
 * @see https://docs.anthropic.com/en/api/handling-stop-reasons
 */
export function mapAnthropicFinishReason(reason: string | undefined): FinishReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    default:
      return 'other';
  }
}
