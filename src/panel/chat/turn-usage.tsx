// What one answer spent, on its footer: the tokens of all its model calls, marked
// "estimated" when the provider sent no figures and they were counted from text.
import type { AssistantTurn } from '../../shared/protocol/chat-records';

const n = (value: number) => value.toLocaleString('en-US');

/** The footer's words for `usage`, e.g. "1,234 tokens (estimated)". */
export function usageText(usage: NonNullable<AssistantTurn['usage']>): string {
  const total = `${n(usage.inputTokens + usage.outputTokens)} tokens`;
  return usage.estimated ? `${total} (estimated)` : total;
}

/** The answer's token usage, or nothing for answers saved before it was counted. */
export function TurnUsage({ usage }: { readonly usage: AssistantTurn['usage'] }) {
  if (!usage) return null;
  return (
    <span
      class="turn-usage"
      data-testid="turn-usage"
      title={`${n(usage.inputTokens)} in, ${n(usage.outputTokens)} out${usage.estimated ? '; the provider did not report usage, so this is counted from the text' : ''}`}
    >
      {usageText(usage)}
    </span>
  );
}
