// ## Owns
// The agent core's "runs being written" journal in chrome.storage.session: it
// survives a worker restart (which is what resuming and reconciliation need) and is
// cleared with the browser session. One key, a bounded list; each entry's resume
// state is checked by the agent when it is read back.
import type { RunJournal, RunJournalEntry } from '../agent/run-journal';

const KEY = 'sideAgent.activeRuns.v1';
const MAX_ENTRIES = 64;

async function read(): Promise<RunJournalEntry[]> {
  const stored = (await chrome.storage.session.get(KEY))[KEY] as unknown;
  if (!Array.isArray(stored)) return [];
  return stored.filter((entry): entry is RunJournalEntry => {
    const known =
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as RunJournalEntry).runId === 'string' &&
      typeof (entry as RunJournalEntry).sessionId === 'string' &&
      typeof (entry as RunJournalEntry).assistantTurnId === 'string';
    if (!known) console.warn('Side Agent: a run journal entry without its run ids was dropped.');
    return known;
  });
}

export function createSessionRunJournal(): RunJournal {
  // Writes are serialized so two runs ending together cannot lose an update.
  let tail: Promise<unknown> = Promise.resolve();
  const update = (change: (entries: RunJournalEntry[]) => RunJournalEntry[]) => {
    const next = tail.then(async () =>
      chrome.storage.session.set({ [KEY]: change(await read()).slice(-MAX_ENTRIES) }),
    );
    tail = next.catch(() => undefined);
    return next;
  };
  return {
    add: (entry) =>
      update((entries) => [...entries.filter((known) => known.runId !== entry.runId), entry]),
    remove: (runId) => update((entries) => entries.filter((known) => known.runId !== runId)),
    list: read,
  };
}
