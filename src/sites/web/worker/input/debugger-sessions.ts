// ## Owns
// The debugger sessions each run acts through: attached once to each tab of the run
// on its first action there (never per action: attaching shows the browser's "started
// debugging" bar, which resizes the page), kept for the run, and detached from every
// one of its tabs when the run ends or is stopped. Child sessions of out-of-process
// frames, followed at every nesting level.
// ## Why a cancelled session stays cancelled
// The bar's Cancel is the person taking control back. The run's actions end with a
// plain message and nothing re-attaches until the person starts a new request.
// ## Why stale sessions are detached at start
// A worker that stopped mid-run left its tab attached and the bar showing; that
// attachment belonged to the old instance, so every one found at start is stale. A
// run the new worker resumes attaches again on its next action, like any run.
import type { ErrorCode } from '../../../../shared/protocol/error-codes';
import type { DebuggerApi } from './debugger-api';
import { AUTO_ATTACH, detachStale, followChildren, type ChildSession } from './debugger-children';

export type { ChildSession } from './debugger-children';

/** Why an action cannot use the session, in words a person understands. */
export interface InputFailure {
  readonly code: ErrorCode;
  readonly message: string;
}

/** A failure raised inside an action that sends input. */
export class InputError extends Error {
  constructor(readonly failure: InputFailure) {
    super(failure.message);
  }
}

/** A run's hold on its tab's session. */
export interface RunInputSession {
  readonly tabId: number;
  /** Sends a command in the TAB session; throws InputError when the session ended. */
  send(method: string, params?: object): Promise<unknown>;
  /** Out-of-process frames of the tab, at every nesting level. */
  children(): readonly ChildSession[];
  /** Listens to the TAB session's events (a drag the browser intercepted); returns the undo. */
  onEvent(listener: SessionListener): () => void;
}

/** One event of a session: its CDP method and parameters. */
export type SessionListener = (method: string, params: unknown) => void;

export type SessionResult =
  | { readonly ok: true; readonly session: RunInputSession }
  | { readonly ok: false; readonly failure: InputFailure };

export interface InputSessions {
  /** The run's session on `tabId`, attaching on the run's first call there. */
  session(runId: string, tabId: number, signal: AbortSignal): Promise<SessionResult>;
  /** Detaches the run's sessions on all its tabs (run end, Stop); safe to call again. */
  release(runId: string): Promise<void>;
}

const PROTOCOL_VERSION = '1.3';
/** Released runs remembered so a late attach of theirs is refused; run ids never repeat. */
const MAX_RELEASED_RUNS = 64;

export const INPUT_FAILURES = {
  unavailable: {
    code: 'INPUT_UNAVAILABLE',
    message:
      'This browser gives extensions no way to send real clicks and keys (Firefox has none), so Side Agent cannot act on the page here.',
  },
  canceled: {
    code: 'INPUT_CANCELED_BY_USER',
    message:
      'You pressed Cancel on the browser\u2019s \u201cstarted debugging\u201d bar, so Side Agent stopped acting on this page for this request. Send a new request to let it act again.',
  },
  tabClosed: {
    code: 'INPUT_TAB_CLOSED',
    message: 'The tab this request was acting on was closed, so the action did not happen.',
  },
  busy: {
    code: 'INPUT_ATTACH_FAILED',
    message:
      'Another request is already acting on this tab. Wait for it to finish or stop it, then try again.',
  },
  stopped: { code: 'CANCELLED', message: 'The request was stopped before the action.' },
} as const satisfies Record<string, InputFailure>;

const attachFailed = (reason: string): InputFailure => ({
  code: 'INPUT_ATTACH_FAILED',
  message: `Side Agent could not take input control of this tab (${reason.slice(0, 200)}). Another debugger, such as the developer tools, may be holding it.`,
});

interface RunEntry {
  readonly tabId: number;
  /** Settles once attached; null afterwards when attaching failed. */
  attaching: Promise<InputFailure | null>;
  attached: boolean;
  released: boolean;
  /** Set when the session ended under the run: every later action gets this. */
  ended: InputFailure | null;
  readonly children: Map<string, ChildSession>;
  readonly listeners: Set<SessionListener>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createInputSessions(deps: {
  readonly api: DebuggerApi | null;
  /** Whether the tab still exists (a command failed: closed tab, or something else?). */
  readonly tabExists: (tabId: number) => Promise<boolean>;
}): InputSessions {
  const { api } = deps;
  // Each run's sessions by tab, and which run holds a tab: one run per tab.
  const runs = new Map<string, Map<number, RunEntry>>();
  const runOfTab = new Map<number, string>();
  const releasedRuns = new Set<string>();
  const entryOfTab = (tabId: number | undefined) => {
    const runId = tabId === undefined ? undefined : runOfTab.get(tabId);
    return runId === undefined || tabId === undefined ? undefined : runs.get(runId)?.get(tabId);
  };
  const forget = (runId: string, tabId: number) => {
    const entries = runs.get(runId);
    entries?.delete(tabId);
    if (entries?.size === 0) runs.delete(runId);
  };

  const ready = api ? detachStale(api) : Promise.resolve();
  if (api) {
    api.onDetach.addListener((source, reason) => {
      const entry = entryOfTab(source.tabId);
      if (!entry || source.tabId === undefined) return;
      entry.attached = false;
      entry.ended ??=
        reason === 'canceled_by_user'
          ? INPUT_FAILURES.canceled
          : reason === 'target_closed'
            ? INPUT_FAILURES.tabClosed
            : attachFailed(`the session ended: ${reason}`);
      entry.children.clear();
      runOfTab.delete(source.tabId);
    });
    api.onEvent.addListener((source, method, params) => {
      const entry = entryOfTab(source.tabId);
      if (!entry) return;
      if (source.sessionId === undefined)
        for (const listener of entry.listeners) listener(method, params);
      followChildren(api, entry, source, method, params);
    });
  }

  const releaseEntry = async (runId: string, entry: RunEntry) => {
    if (entry.released) return;
    entry.released = true;
    await entry.attaching;
    if (runOfTab.get(entry.tabId) === runId) runOfTab.delete(entry.tabId);
    forget(runId, entry.tabId);
    if (entry.attached && api) {
      entry.attached = false;
      await api.detach({ tabId: entry.tabId }).catch(() => undefined);
    }
  };
  const release = async (runId: string) => {
    const entries = runs.get(runId);
    if (!entries) return;
    // A Stop while a new tab is attaching must not leave that tab attached either.
    releasedRuns.add(runId);
    if (releasedRuns.size > MAX_RELEASED_RUNS) {
      const oldest = releasedRuns.values().next().value;
      if (oldest !== undefined) releasedRuns.delete(oldest);
    }
    await Promise.all([...entries.values()].map((entry) => releaseEntry(runId, entry)));
  };

  const sessionOf = (entry: RunEntry): RunInputSession => ({
    tabId: entry.tabId,
    async send(method, params) {
      if (entry.ended) throw new InputError(entry.ended);
      if (!api) throw new InputError(INPUT_FAILURES.unavailable);
      try {
        return await api.sendCommand({ tabId: entry.tabId }, method, params);
      } catch (error) {
        if (entry.ended) throw new InputError(entry.ended);
        if (!(await deps.tabExists(entry.tabId))) throw new InputError(INPUT_FAILURES.tabClosed);
        throw new InputError({
          code: 'HANDLER_FAILED',
          message: `The browser refused the input (${messageOf(error).slice(0, 200)}).`,
        });
      }
    },
    children: () => [...entry.children.values()],
    onEvent(listener) {
      entry.listeners.add(listener);
      return () => void entry.listeners.delete(listener);
    },
  });

  return {
    async session(runId, tabId, signal) {
      if (!api) return { ok: false, failure: INPUT_FAILURES.unavailable };
      if (signal.aborted) return { ok: false, failure: INPUT_FAILURES.stopped };
      if (releasedRuns.has(runId)) return { ok: false, failure: INPUT_FAILURES.stopped };
      // Cancel on the bar in one tab takes every tab of the run back, not only that one.
      const held = [...(runs.get(runId)?.values() ?? [])];
      if (held.some((other) => other.ended === INPUT_FAILURES.canceled))
        return { ok: false, failure: INPUT_FAILURES.canceled };
      const known = runs.get(runId)?.get(tabId);
      if (known) {
        const failed = await known.attaching;
        if (failed) return { ok: false, failure: failed };
        if (known.ended) return { ok: false, failure: known.ended };
        return { ok: true, session: sessionOf(known) };
      }
      if (runOfTab.has(tabId)) return { ok: false, failure: INPUT_FAILURES.busy };
      const entry: RunEntry = {
        tabId,
        attaching: Promise.resolve(null),
        attached: false,
        released: false,
        ended: null,
        children: new Map(),
        listeners: new Set(),
      };
      const entries = runs.get(runId) ?? new Map<number, RunEntry>();
      const isFirst = entries.size === 0;
      entries.set(tabId, entry);
      runs.set(runId, entries);
      runOfTab.set(tabId, runId);
      if (isFirst) signal.addEventListener('abort', () => void release(runId), { once: true });
      entry.attaching = ready.then(async () => {
        try {
          await api.attach({ tabId }, PROTOCOL_VERSION);
        } catch (error) {
          runOfTab.delete(tabId);
          forget(runId, tabId);
          return attachFailed(messageOf(error));
        }
        entry.attached = true;
        await api
          .sendCommand({ tabId }, 'Target.setAutoAttach', AUTO_ATTACH)
          .catch(() => undefined);
        return null;
      });
      const failed = await entry.attaching;
      if (failed) return { ok: false, failure: failed };
      if (entry.released) return { ok: false, failure: INPUT_FAILURES.stopped };
      return { ok: true, session: sessionOf(entry) };
    },
    release,
  };
}
