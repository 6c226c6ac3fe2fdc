// ## Owns
// The run registry of this worker: admission (reservations, one run per chat),
// starting runs, Stop, `run/status` snapshots, `run/resolve` answers and startup
// reconciliation. `createAgentCore` is what main.ts wires and run.handlers.ts calls.
// ## Never
// Holds state shared between runs beyond the maps that find them: each run owns
// its controller, events, recorder, interactions and grants (run-context.ts).
import { createId } from '../../shared/lib/ids';
import type { EventTransport } from '../../shared/protocol/client';
import { createEmitter } from '../../shared/protocol/client';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { ChatScope } from '../../shared/protocol/chat-records';
import type { RunPlan } from '../../shared/protocol/run-plan';
import type {
  ApprovalDecision,
  FormContent,
  RunIdentity,
  RunSnapshot,
  RunStartRequest,
} from '../../shared/protocol/run-messages';
import { workerToPanel } from '../../shared/protocol/worker-to-panel';
import { workerSiteOf } from '../sites/worker-sites';
import { createReservationBook, sessionKeyOf, type ReservationOptions } from './reservations';
import { createRunContext, type RunContext, type RunDeps } from './run-context';
import { resumeOrEndRuns } from './resume/resume-runs';
import { resumedRunOf } from './resume/resumed-run';
import { executeRun } from './run';
import { createSpendGuard, type SpendGuard } from './budget/spend-guard';
import { createMemoryDaySpend } from './budget/day-spend';
import { DEFAULT_INTERACTION_TIMEOUT_MS, PAGE_WAIT_POLL_MS } from './run-limits';

/** Keeps the worker alive while at least one run holds a lease. */
export interface KeepAlive {
  acquire(): () => void;
}

export interface AgentCoreDeps extends Omit<
  RunDeps,
  'interactionTimeoutMs' | 'pagePollMs' | 'trusted' | 'spend'
> {
  /** Absent: limits apply with today's total kept in memory only. */
  readonly spend?: SpendGuard;
  /** Worker -> panel event transport (the panel ports). */
  readonly events: EventTransport;
  readonly keepAlive?: KeepAlive;
  readonly trusted?: RunDeps['trusted'];
  readonly interactionTimeoutMs?: number;
  readonly pagePollMs?: number;
  readonly reservations?: ReservationOptions;
  readonly now?: () => number;
}

export function createAgentCore(input: AgentCoreDeps) {
  const now = input.now ?? Date.now;
  const deps: RunDeps = {
    ...input,
    trusted: input.trusted ?? (() => false),
    spend: input.spend ?? createSpendGuard(input.settings, createMemoryDaySpend()),
    interactionTimeoutMs: input.interactionTimeoutMs ?? DEFAULT_INTERACTION_TIMEOUT_MS,
    pagePollMs: input.pagePollMs ?? PAGE_WAIT_POLL_MS,
  };
  const book = createReservationBook({ now, ...input.reservations });
  const runs = new Map<string, { context: RunContext; done: Promise<void> }>();
  const bySession = new Map<string, string>();
  const emitter = createEmitter(workerToPanel, input.events);

  const active = (runId: string) => runs.get(runId)?.context;

  /** Runs `context` in the background, holding its chat and the worker's keep-alive. */
  const launch = (context: RunContext, request: RunStartRequest) => {
    const { runId } = context;
    const key = sessionKeyOf(context.identity);
    const release = input.keepAlive?.acquire() ?? (() => undefined);
    bySession.set(key, runId);
    const done = Promise.resolve()
      .then(() => executeRun(context, request))
      .finally(() => {
        runs.delete(runId);
        if (bySession.get(key) === runId) bySession.delete(key);
        release();
      });
    runs.set(runId, { context, done });
  };

  return {
    /** Whether `runId` is a started run that has not ended. */
    isActive: (runId: string) => runs.has(runId),
    reserve(runId: string, identity: RunIdentity) {
      // A chat of a site this version does not know cannot run (UNKNOWN_SITE).
      workerSiteOf(identity.scope.siteId);
      return {
        reserved: true as const,
        ...book.reserve(
          runId,
          identity,
          (id) => runs.has(id),
          (key) => bySession.has(key),
        ),
      };
    },
    /** Starts a reserved run; resolves once admitted (the run continues in the background). */
    start(
      runId: string,
      request: RunStartRequest,
      options: { readonly resumable?: boolean } = {},
    ): { started: boolean; cancelled: boolean } {
      const identity: RunIdentity = {
        tabId: request.tabId,
        scope: request.scope,
        sessionId: request.sessionId,
      };
      if (runs.has(runId))
        throw new ProtocolFailure('DUPLICATE_RUN_ID', 'That run already started.');
      const taken = book.take(runId, identity);
      if (taken.kind === 'cancelled') {
        // Cancel before start: no tab, provider, tool or network work, one cancelled event.
        void emitter
          .emit(
            'run/end',
            { status: 'cancelled', sessionId: identity.sessionId, assistantTurnId: createId() },
            { runId },
          )
          .catch(() => undefined);
        return { started: false, cancelled: true };
      }
      const key = sessionKeyOf(identity);
      if (bySession.has(key))
        throw new ProtocolFailure('SESSION_RUN_ACTIVE', 'This chat already has a run in progress.');
      const context = createRunContext({
        runId,
        identity: taken.identity,
        assistantTurnId: createId(),
        start: request,
        deps,
        transport: input.events,
        now: now(),
        ...(options.resumable === false ? { resumable: false } : {}),
      });
      launch(context, request);
      return { started: true, cancelled: false };
    },
    /** Stop: aborts an active run, or tombstones one that has not started. */
    cancel(runId: string): { cancelled: boolean } {
      const context = active(runId);
      if (context) {
        if (!context.signal.aborted) context.controller.abort();
        return { cancelled: true };
      }
      return { cancelled: book.cancel(runId) };
    },
    /**
     * The started runs and their tabs (site access stops those that lose their page):
     * the tab a run started in and, once it switched, the tab it works in now.
     */
    activeRuns: () =>
      [...runs.values()].flatMap(({ context }) =>
        [...new Set([context.identity.tabId, context.currentTabId()])].map((tabId) => ({
          runId: context.runId,
          tabId,
        })),
      ),
    /** Stops an active run, telling the person why first (a notice, then Stop). */
    stopWithNotice(runId: string, message: string, code: string): boolean {
      const context = active(runId);
      if (!context || context.signal.aborted) return false;
      context.events.notice('error', message, code);
      context.controller.abort();
      return true;
    },
    /** The active run of a chat with its turn so far, or null. */
    status(scope: ChatScope, sessionId: string): RunSnapshot | null {
      const runId = bySession.get(sessionKeyOf({ tabId: 0, scope, sessionId }));
      const context = runId === undefined ? undefined : active(runId);
      if (!context || context.events.isEnded()) return null;
      // Flush first, so the snapshot holds exactly the batches up to `sequence`.
      context.events.flush();
      return {
        runId: context.runId,
        identity: context.identity,
        turn: context.recorder.snapshot(),
        sequence: context.events.sequence(),
        pending: context.interactions.current(),
      };
    },
    /** An answer to the open interaction of `runId`; exact (runId, callId) only. */
    resolve(
      runId: string,
      callId: string,
      decision: ApprovalDecision,
      content?: FormContent,
      plan?: RunPlan,
    ): { accepted: boolean } {
      const context = active(runId);
      if (!context) throw new ProtocolFailure('STALE_RUN_ID', 'That run is not active.');
      return { accepted: context.interactions.resolve(callId, decision, content, plan) };
    },
    /**
     * Resumes the runs a previous worker instance left unfinished, or ends their turns
     * with the reason they cannot go on (tab closed, too many restarts, state unreadable).
     */
    reconcile: (ready?: Promise<unknown>) =>
      resumeOrEndRuns({
        ...(ready ? { ready } : {}),
        journal: input.journal,
        chats: input.chats,
        tabs: input.tabs,
        isActive: (runId) => runs.has(runId),
        resume(previousRunId, { state, turn }) {
          const request = state.request;
          const identity: RunIdentity = {
            tabId: request.tabId,
            scope: request.scope,
            sessionId: request.sessionId,
          };
          if (bySession.has(sessionKeyOf(identity)))
            throw new ProtocolFailure('SESSION_RUN_ACTIVE', 'This chat already has a run.');
          const context = createRunContext({
            runId: createId(),
            identity,
            assistantTurnId: turn.id,
            start: request,
            deps,
            transport: input.events,
            now: now(),
            resumed: resumedRunOf(state, turn),
          });
          launch(context, request);
          // A panel still showing the old run switches to this one.
          void emitter
            .emit(
              'run/resumed',
              { runId: context.runId, sessionId: identity.sessionId, assistantTurnId: turn.id },
              { runId: previousRunId },
            )
            .catch(() => undefined);
        },
        ended(previousRunId, sessionId, assistantTurnId, error) {
          void emitter
            .emit(
              'run/end',
              { status: 'error', error, sessionId, assistantTurnId },
              { runId: previousRunId },
            )
            .catch(() => undefined);
        },
        log: (message) => console.warn(`Side Agent: ${message}`),
      }),
    /** Resolves when every started run has ended (tests, shutdown). */
    async idle(): Promise<void> {
      while (runs.size > 0) await Promise.all([...runs.values()].map((run) => run.done));
    },
  };
}

export type AgentCore = ReturnType<typeof createAgentCore>;
