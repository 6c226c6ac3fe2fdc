// What one answer spent, on its footer: the tokens of all its model calls, marked
// "estimated" when the provider sent no figures and they were counted from text, and
// their cost when the person entered the model's prices.
import { dollarsText } from '../../shared/lib/dollars';
import type { AssistantTurn } from '../../shared/protocol/chat-records';

const n = (value: number) => value.toLocaleString('en-US');

/** The footer's words for `usage`, e.g. "1,234 tokens (estimated)" or "12,340 tokens · $0.04". */
export function usageText(usage: NonNullable<AssistantTurn['usage']>): string {
  const total = `${n(usage.inputTokens + usage.outputTokens)} tokens`;
  const tokens = usage.estimated ? `${total} (estimated)` : total;
  return usage.costUsd === undefined ? tokens : `${tokens} \u00b7 ${dollarsText(usage.costUsd)}`;
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
