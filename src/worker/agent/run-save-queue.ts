// ## Owns
// The ordered save queue of a run. Saves run one after
// another, so the terminal save always lands last; once the run is aborted,
// intermediate saves still queued are skipped (no store write after terminal
// except the terminal save itself).
import type { AssistantTurn } from '../../shared/protocol/chat-records';
import type { ChatStore } from '../storage/store-contracts';

export function createSaveQueue(chats: ChatStore, sessionId: string, signal: AbortSignal) {
  let tail: Promise<unknown> = Promise.resolve();
  const enqueue = (turn: AssistantTurn, terminal: boolean): Promise<void> => {
    const next = tail.then(async () => {
      if (!terminal && signal.aborted) return;
      await chats.putAssistantTurn(sessionId, turn);
    });
    // A failed intermediate save must not block the terminal one.
    tail = next.catch(() => undefined);
    return next;
  };
  return {
    /** Saves as the run goes; failures are reported by the caller, not thrown at the loop. */
    progress: (turn: AssistantTurn) => enqueue(turn, false),
    terminal: (turn: AssistantTurn) => enqueue(turn, true),
  };
}
