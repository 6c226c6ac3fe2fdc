// ## Owns
// The plain-words account of what a run did before a step cap or a budget stopped
// it, built from the saved turn (no model call: the stop is about spending less).
import type { AssistantTurn } from '../../../shared/protocol/chat-records';

/** Actions named in the summary; the rest are counted. */
const NAMED_ACTIONS = 8;

/** `lead` opens the account, e.g. "Stopped after 60 steps:". */
export function progressSummaryOf(turn: AssistantTurn, lead: string): string {
  const calls = turn.segments.flatMap((segment) => (segment.kind === 'tools' ? segment.calls : []));
  const done = calls.filter((call) => call.status === 'done').length;
  const failed = calls.length - done;
  const recent = calls
    .slice(-NAMED_ACTIONS)
    .map((call) => (call.activity ?? call.summary) || call.name)
    .map((text) => text.replace(/\s+/g, ' ').slice(0, 120));
  const head = `${lead} ${calls.length} tool calls (${done} done${failed > 0 ? `, ${failed} not done` : ''}).`;
  if (recent.length === 0) return head;
  const more = calls.length > recent.length ? ` (last ${recent.length})` : '';
  return `${head} What it did${more}: ${recent.join('; ')}. Continue picks up from here.`;
}
