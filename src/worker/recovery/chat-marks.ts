// ## Owns
// Recording recovery in the chat: reverted receipts are marked `reverted` and their
// turn gets the fixed `reverted` editor event; a restore adds `snapshot-restored` to the
// chat's last answer. The context builder turns these events into fixed notes for the
// model (context-notes.ts): no document text, file names or ids ever reach it.
// ## Why the worker writes this
// The worker owns storage and already knows which steps finished; writing here also
// covers partial progress when the panel is closed mid-cascade.
import type { AssistantTurn } from '../../shared/protocol/chat-records';
import type { ChatStore } from '../storage/store-contracts';

type EditorEvent = NonNullable<AssistantTurn['editorEvents']>[number];

function withEvent(turn: AssistantTurn, event: EditorEvent): AssistantTurn['editorEvents'] {
  const events = turn.editorEvents ?? [];
  return events.includes(event) ? events : [...events, event].slice(-16);
}

/** Marks the answers of `reverted` (checkpoint id -> run id) as reverted; returns how many turns changed. */
export async function markReverted(
  chats: ChatStore,
  sessionId: string,
  reverted: ReadonlyMap<string, string>,
): Promise<number> {
  if (reverted.size === 0) return 0;
  const chat = await chats.get(sessionId);
  if (!chat) return 0;
  const runIds = new Set(reverted.values());
  let changed = 0;
  for (const turn of chat.turns) {
    if (turn.role !== 'assistant' || !runIds.has(turn.runId)) continue;
    const segments = turn.segments.map((segment) =>
      segment.kind !== 'tools'
        ? segment
        : {
            ...segment,
            calls: segment.calls.map((call) =>
              call.receipt && reverted.has(call.receipt.checkpointId)
                ? { ...call, receipt: { ...call.receipt, status: 'reverted' as const } }
                : call,
            ),
          },
    );
    await chats.putAssistantTurn(sessionId, {
      ...turn,
      segments,
      editorEvents: withEvent(turn, 'reverted'),
    });
    changed += 1;
  }
  return changed;
}

/** Adds `snapshot-restored` to the chat's last answer (if it has one). */
export async function markRestored(chats: ChatStore, sessionId: string): Promise<boolean> {
  const chat = await chats.get(sessionId);
  const last = [...(chat?.turns ?? [])]
    .reverse()
    .find((turn): turn is AssistantTurn => turn.role === 'assistant');
  if (!last) return false;
  await chats.putAssistantTurn(sessionId, {
    ...last,
    editorEvents: withEvent(last, 'snapshot-restored'),
  });
  return true;
}
