// ## Owns
// Where pinned things sit in the conversation: the approved plan and the working
// memory (scratchpad and progress ledger, working-memory/). The chat's latest ones
// are pinned by the builder in the current message; the ones of this run are pinned
// in the run's last user message, replaced there whenever they change. Neither is
// ever a tool result, which is all the in-run budget drops, and the builder counts
// the pinned notes as fixed, so compaction never cuts them.
import type { ChatTurn } from '../../shared/protocol/chat-records';
import type { RunPlan } from '../../shared/protocol/run-plan';
import { EMPTY_WORKING_MEMORY, type WorkingMemory } from '../../shared/protocol/working-memory';
import type { ModelMessage, UserContentPart } from '../providers/model-adapter';
import { approvedPlanNote, isApprovedPlanNote } from './context-notes';
import { isWorkingMemoryNote, workingMemoryNote } from './working-memory/working-memory-note';

/** The pinned notes of the newest answer that had a plan or working memory, or null. */
export function latestPlanNote(turns: readonly ChatTurn[]): string | null {
  for (let index = turns.length - 1; index >= 0; index -= 1) {
    const turn = turns[index];
    if (turn?.role !== 'assistant' || (!turn.plan && !turn.memory)) continue;
    const notes = [
      turn.plan ? approvedPlanNote(turn.plan, 'earlier') : null,
      turn.memory ? workingMemoryNote(turn.memory) : null,
    ].filter((note): note is string => note !== null);
    if (notes.length > 0) return notes.join('\n\n');
  }
  return null;
}

const isPinned = (part: UserContentPart) =>
  part.type === 'text' && (isApprovedPlanNote(part.text) || isWorkingMemoryNote(part.text));

/**
 * Pins this run's plan and working memory into the run's last user message before
 * `firstRunMessage`, replacing what an earlier call (or the builder) pinned there.
 * Tool results are what the in-run budget drops (fitRunMessages); a user message
 * never is, so the pinned notes stay.
 */
export function pinWorkingMemory(
  messages: ModelMessage[],
  plan: RunPlan | null,
  memory: WorkingMemory,
  firstRunMessage: number,
): void {
  const notes: UserContentPart[] = [
    plan ? approvedPlanNote(plan, 'this-message') : null,
    workingMemoryNote(memory),
  ].flatMap((note) => (note === null ? [] : [{ type: 'text' as const, text: note }]));
  let index = Math.min(firstRunMessage, messages.length) - 1;
  while (index >= 0 && messages[index]?.role !== 'user') index -= 1;
  const target = messages[index];
  if (index < 0 || target?.role !== 'user') {
    if (notes.length > 0) messages.splice(firstRunMessage, 0, { role: 'user', content: notes });
    return;
  }
  const kept = target.content.filter((part) => !isPinned(part));
  // The builder's note of an earlier answer stays until this run has its own.
  if (notes.length === 0) return;
  messages[index] = { role: 'user', content: [...kept, ...notes] };
}

/** Pins the plan approved in this run (no working memory written yet). */
export const pinApprovedPlan = (messages: ModelMessage[], plan: RunPlan, firstRunMessage: number) =>
  pinWorkingMemory(messages, plan, EMPTY_WORKING_MEMORY, firstRunMessage);
