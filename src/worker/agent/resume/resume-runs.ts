// ## Owns
// Worker start for the runs a previous instance left unfinished: each journaled run
// that is not active here is resumed, ended with a plain reason, or marked
// interrupted, as decideResume says; its old entry is forgotten either way (a resumed
// run writes its own).
import type { ProtocolError } from '../../../shared/protocol/envelope';
import type { ChatStore } from '../../storage/store-contracts';
import type { RunTabs } from '../run-prepare';
import { endStoredTurn, INTERRUPTED_ERROR, type RunJournal } from '../run-journal';
import { decideResume, type ResumeDecision } from './resume-decision';

/** Longest wait for startup repairs before unfinished runs are resumed anyway. */
const READY_WAIT_MS = 5_000;

export interface ResumeRunsDeps {
  /**
   * Settles when the worker repaired its page registration (a resumed run's first page
   * request needs it); a startup that hangs holds the runs back only briefly.
   */
  readonly ready?: Promise<unknown>;
  readonly journal: RunJournal;
  readonly chats: ChatStore;
  readonly tabs: RunTabs;
  readonly isActive: (runId: string) => boolean;
  /** Starts the resumed run; throws when it cannot (the turn is then marked interrupted). */
  readonly resume: (
    previousRunId: string,
    decision: Extract<ResumeDecision, { kind: 'resume' }>,
  ) => void;
  /** Tells an open panel that showed the old run that it ended, and how. */
  readonly ended: (
    previousRunId: string,
    sessionId: string,
    assistantTurnId: string,
    error: ProtocolError,
  ) => void;
  readonly log?: (message: string) => void;
}

export interface ResumeRunsResult {
  readonly resumed: number;
  readonly ended: number;
  readonly interrupted: number;
}

export async function resumeOrEndRuns(deps: ResumeRunsDeps): Promise<ResumeRunsResult> {
  const counts = { resumed: 0, ended: 0, interrupted: 0 };
  if (deps.ready) await settledWithin(deps.ready, READY_WAIT_MS);
  for (const entry of await deps.journal.list()) {
    if (deps.isActive(entry.runId)) continue;
    try {
      const session = await deps.chats.get(entry.sessionId);
      const turn = session?.turns.find((candidate) => candidate.id === entry.assistantTurnId);
      const tabId = tabIdOf(entry.resume);
      const tab = tabId === null ? null : await deps.tabs.siteOf(tabId).catch(() => null);
      const decision = decideResume({ stored: entry.resume, turn, tab });
      if (decision.kind === 'leave' || turn?.role !== 'assistant') continue;
      let error: ProtocolError | null = null;
      if (decision.kind === 'resume') {
        try {
          await deps.journal.remove(entry.runId);
          deps.resume(entry.runId, decision);
          counts.resumed += 1;
          continue;
        } catch (failure) {
          deps.log?.(`A run could not be resumed: ${String(failure)}`);
          error = INTERRUPTED_ERROR;
        }
      } else if (decision.kind === 'interrupt') {
        deps.log?.(`A run was marked interrupted: ${decision.reason}.`);
        error = INTERRUPTED_ERROR;
      } else {
        error = {
          code: decision.code,
          message: decision.message,
          details: { steps: decision.steps },
        };
      }
      // Interrupted, whatever the reason: the run stopped before it finished.
      await endStoredTurn(deps.chats, entry.sessionId, turn, error);
      if (error === INTERRUPTED_ERROR) counts.interrupted += 1;
      else counts.ended += 1;
      deps.ended(entry.runId, entry.sessionId, entry.assistantTurnId, error);
    } finally {
      await deps.journal.remove(entry.runId).catch(() => undefined);
    }
  }
  return counts;
}

/** The tab of a stored resume state, read loosely: the decision checks the whole state. */
function tabIdOf(stored: unknown): number | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const request = (stored as { request?: unknown }).request;
  if (typeof request !== 'object' || request === null) return null;
  const tabId = (request as { tabId?: unknown }).tabId;
  return typeof tabId === 'number' && Number.isInteger(tabId) && tabId >= 0 ? tabId : null;
}

async function settledWithin(ready: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    ready.catch(() => undefined),
    new Promise((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  clearTimeout(timer);
}
