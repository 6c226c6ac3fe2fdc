// ## Owns
// The approved plan's place in the conversation: the chat's latest plan, pinned by
// the builder in the current message, and the plan approved during a run, pinned in
// the run's last user message. Neither is ever a tool result, which is all the
// in-run budget drops, and the builder counts the pinned plan as fixed.
import type { ChatTurn } from '../../shared/protocol/chat-records';
import type { RunPlan } from '../../shared/protocol/run-plan';
import type { ModelMessage, UserContentPart } from '../providers/model-adapter';
import { approvedPlanNote, isApprovedPlanNote } from './context-notes';

/** The note of the newest plan an answer of the chat followed, or null. */
export function latestPlanNote(turns: readonly ChatTurn[]): string | null {
  const plans = turns.flatMap((turn) =>
    turn.role === 'assistant' && turn.plan ? [turn.plan] : [],
  );
  const latest = plans.at(-1);
  return latest ? approvedPlanNote(latest, 'earlier') : null;
}

/**
 * Pins the plan approved in this run into the run's last user message before
 * `firstRunMessage` (replacing an earlier plan there). Tool results are what the
 * in-run budget drops (fitRunMessages); a user message never is, so the plan stays.
 */
export function pinApprovedPlan(
  messages: ModelMessage[],
  plan: RunPlan,
  firstRunMessage: number,
): void {
  const note: UserContentPart = { type: 'text', text: approvedPlanNote(plan, 'this-message') };
  let index = Math.min(firstRunMessage, messages.length) - 1;
  while (index >= 0 && messages[index]?.role !== 'user') index -= 1;
  const target = messages[index];
  if (index < 0 || target?.role !== 'user') {
    messages.splice(firstRunMessage, 0, { role: 'user', content: [note] });
    return;
  }
  const kept = target.content.filter(
    (part) => part.type !== 'text' || !isApprovedPlanNote(part.text),
  );
  messages[index] = { role: 'user', content: [...kept, note] };
}
