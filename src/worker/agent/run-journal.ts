// ## Owns
// The small record of runs whose turn is being written, and the startup
// reconciliation that marks their turns `interrupted` when the worker died
// mid-run (the run registry is in memory, so after a restart `run/status` says
// null and the stored turn must say why it stopped). Runs that can go on are
// resumed instead (resume/resume-runs.ts).
import type { AssistantTurn } from '../../shared/protocol/chat-records';
import type { ProtocolError } from '../../shared/protocol/envelope';
import type { ChatStore } from '../storage/store-contracts';

export interface RunJournalEntry {
  readonly runId: string;
  readonly sessionId: string;
  readonly assistantTurnId: string;
  /** What a new worker needs to resume the run (resume/resume-state.ts); checked when read. */
  readonly resume?: unknown;
}

/** The interrupted error a turn gets when its run cannot go on. */
export const INTERRUPTED_ERROR: ProtocolError = {
  code: 'RUN_INTERRUPTED',
  message: 'The extension stopped while this response was running.',
};

/** Stores `turn` as interrupted with `error` (what it recorded is kept as it is). */
export async function endStoredTurn(
  chats: ChatStore,
  sessionId: string,
  turn: AssistantTurn,
  error: ProtocolError,
): Promise<void> {
  await chats.putAssistantTurn(sessionId, { ...turn, status: 'interrupted', error });
}

/** Where the record lives is the platform's choice (chrome.storage.session in the worker). */
export interface RunJournal {
  add(entry: RunJournalEntry): Promise<void>;
  remove(runId: string): Promise<void>;
  list(): Promise<RunJournalEntry[]>;
}

export function createMemoryRunJournal(): RunJournal {
  const entries = new Map<string, RunJournalEntry>();
  return {
    async add(entry) {
      entries.set(entry.runId, entry);
    },
    async remove(runId) {
      entries.delete(runId);
    },
    async list() {
      return [...entries.values()];
    },
  };
}

/**
 * Marks the turns of journaled runs that are not active in this worker as
 * `interrupted` (only while they still say `incomplete`), then forgets them.
 * Returns how many turns changed.
 */
export async function reconcileInterruptedRuns(
  journal: RunJournal,
  chats: ChatStore,
  isActive: (runId: string) => boolean,
): Promise<number> {
  let changed = 0;
  for (const entry of await journal.list()) {
    if (isActive(entry.runId)) continue;
    try {
      const session = await chats.get(entry.sessionId);
      const turn = session?.turns.find((candidate) => candidate.id === entry.assistantTurnId);
      if (turn?.role === 'assistant' && turn.status === 'incomplete') {
        await endStoredTurn(chats, entry.sessionId, turn, INTERRUPTED_ERROR);
        changed += 1;
      }
    } finally {
      await journal.remove(entry.runId);
    }
  }
  return changed;
}
