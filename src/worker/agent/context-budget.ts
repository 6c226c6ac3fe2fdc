// ## Owns
// Token estimates and the in-run budget. Estimates are characters / 4 (rounded
// up), plus a small per-message overhead and a flat 1,000 tokens per image: cheap,
// provider-neutral, and deliberately on the high side for Latin text. It errs low
// for CJK text, which is why compaction starts at 75% of the window, not 100%.
import type { ModelMessage } from '../providers/model-adapter';

export const CHARS_PER_TOKEN = 4;
export const MESSAGE_OVERHEAD_TOKENS = 4;
export const IMAGE_TOKENS = 1_000;

export const tokensOfText = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);

export function tokensOfMessage(message: ModelMessage): number {
  switch (message.role) {
    case 'system':
      return MESSAGE_OVERHEAD_TOKENS + tokensOfText(message.text);
    case 'user':
      return message.content.reduce(
        (sum, part) => sum + (part.type === 'text' ? tokensOfText(part.text) : IMAGE_TOKENS),
        MESSAGE_OVERHEAD_TOKENS,
      );
    case 'assistant':
      return (
        MESSAGE_OVERHEAD_TOKENS +
        tokensOfText(message.text) +
        (message.toolCalls ?? []).reduce(
          (sum, call) => sum + tokensOfText(call.name) + tokensOfText(call.argumentsText),
          0,
        )
      );
    case 'tool':
      return MESSAGE_OVERHEAD_TOKENS + tokensOfText(message.content);
  }
}

export const tokensOfMessages = (messages: readonly ModelMessage[]) =>
  messages.reduce((sum, message) => sum + tokensOfMessage(message), 0);

export const OMITTED_TOOL_RESULT = JSON.stringify({
  ok: false,
  code: 'RESULT_OMITTED',
  message:
    'This earlier tool result was removed to fit the context window. Call the tool again if you still need it.',
});

/**
 * Within a run, tool results pile up (32 rounds × 64 KiB).
 * When `messages` exceed `budgetTokens`, the oldest tool results from index
 * `firstRunMessage` on are replaced by a fixed marker, never the latest round's.
 * Returns how many were replaced.
 */
export function fitRunMessages(
  messages: ModelMessage[],
  firstRunMessage: number,
  budgetTokens: number,
): number {
  let total = tokensOfMessages(messages);
  if (total <= budgetTokens) return 0;
  let lastAssistant = messages.length;
  for (let index = messages.length - 1; index >= firstRunMessage; index -= 1) {
    if (messages[index]?.role === 'assistant') {
      lastAssistant = index;
      break;
    }
  }
  let replaced = 0;
  for (let index = firstRunMessage; index < lastAssistant && total > budgetTokens; index += 1) {
    const message = messages[index];
    if (message?.role !== 'tool' || message.content === OMITTED_TOOL_RESULT) continue;
    const before = tokensOfMessage(message);
    const slim: ModelMessage = { ...message, content: OMITTED_TOOL_RESULT };
    messages[index] = slim;
    total -= before - tokensOfMessage(slim);
    replaced += 1;
  }
  return replaced;
}
