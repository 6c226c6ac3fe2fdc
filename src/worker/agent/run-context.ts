// ## Owns
// Everything one run owns and nothing it shares with another run: its controller,
// events, recorder, interactions, tool state and page access: two runs in two chats
// share no state. Built by the agent core when a start is admitted.
import type { EventTransport } from '../../shared/protocol/client';
import type { RunIdentity, RunStartRequest } from '../../shared/protocol/run-messages';
import type { GeneralSettings } from '../../shared/protocol/settings-messages';
import type { ChatTurn } from '../../shared/protocol/chat-records';
import type { AgentMode } from '../../shared/protocol/agent-modes';
import type { FetchLike, ModelAdapter, ProviderKind } from '../providers/model-adapter';
import type { PageRequests } from '../page-requests';
import type { FrameDirectory } from '../pages/frame-directory';
import type { ChatStore, SettingsStore } from '../storage/store-contracts';
import type { TrustCheck } from '../tools/approval-policy';
import type { EditHooks } from '../documents/edit-hooks';
import { workerSiteOf } from '../sites/worker-sites';
import type { ToolRunContext, VisibleTabCapture } from '../tools/define-tool';
import type { RunInteraction } from '../tools/run-interaction';
import type { ToolRegistry } from '../tools/tool-registry';
import { tracedInteractions } from './trace-interactions';
import {
  awaitDecision,
  createInteractionBook,
  waitForPage,
  type InteractionBook,
} from './approvals';
import { createRunPageGuard } from './run-page-guard';
import { runPageFor } from './run-page';
import type { ProtocolFailure, Result } from '../../shared/protocol/envelope';
import { createRunEvents, type RunEventSink } from './run-events';
import type { RunIntegrations } from './run-integrations';
import type { RunJournal } from './run-journal';
import type { RunTabs } from './run-prepare';
import type { TurnRecorder } from './turn-recorder';
import { createRunTrace, NO_TRACE, type RunTrace, type TraceStarter } from './trace-sink';
import type { WorkingMemoryBook } from './working-memory/working-memory';
import type { RunCheckpoint } from './resume/run-checkpoint';
import { runRecords, type ResumedRun } from './resume/resumed-run';

/** Starts session naming beside a run; must never block or throw. */
export type AutoNameStarter = (input: {
  identity: RunIdentity;
  /** The model the run answers with: names the chat when no naming model is chosen. */
  modelId?: string;
  history: readonly ChatTurn[];
  general: GeneralSettings;
  notice: RunEventSink['notice'];
  /** Wraps the naming call's adapter so the run's trace records it. */
  traced?: (adapter: ModelAdapter) => ModelAdapter;
}) => void;

/** What runs need from the worker; all injected so tests use fakes. */
import type { SpendGuard } from './budget/spend-guard';

export interface RunDeps {
  readonly chats: ChatStore;
  readonly settings: SettingsStore;
  readonly tabs: RunTabs;
  readonly pages: PageRequests;
  readonly adapterFor: (kind: ProviderKind) => ModelAdapter;
  readonly fetch: FetchLike;
  readonly registry: ToolRegistry;
  readonly trusted: TrustCheck;
  readonly journal: RunJournal;
  readonly interactionTimeoutMs: number;
  readonly pagePollMs: number;
  readonly streamDelayMs?: number;
  readonly autoName?: AutoNameStarter;
  /** Custom HTTP tools and MCP servers added to each run (src/worker/integrations). */
  readonly integrations?: RunIntegrations;
  /** Document snapshots around runs (src/worker/recovery); best effort, never fails a run. */
  readonly recovery?: RunRecoveryHooks;
  /** The revert journal's seams for every document write of a run (src/worker/recovery). */
  readonly documentHooks?: EditHooks;
  /** Which documents each tab's frames show (src/worker/pages/frame-directory.ts). */
  readonly frames?: FrameDirectory;
  /** Captures a tab's viewport (src/worker/platform/capture-visible-tab.ts). */
  readonly capture?: (tabId: number) => Promise<Result<VisibleTabCapture>>;
  /** User memory (src/worker/memory); absent: runs carry no memory block. */
  readonly memory?: RunMemory;
  /** Auto-learn after a complete response; must return at once and never throw. */
  readonly learn?: LearnStarter;
  /** The person's token limits, asked before every model call (agent/budget). */
  readonly spend: SpendGuard;
  /** Trace recording (src/worker/traces); absent: nothing is recorded. */
  readonly traces?: TraceStarter;
}

/** What a complete response hands to auto-learn (src/worker/memory/auto-learn.ts). */
export type LearnStarter = (input: {
  readonly modelId: string;
  readonly userText: string;
  readonly answer: string;
  readonly mode: AgentMode | null;
}) => void;

/** What a run asks memory for: the labelled block for its page's origin, or null. */
export interface RunMemory {
  contextFor(origin: string | null): Promise<string | null>;
}

/** What the recovery service does at run start and after a successful complete response. */
export interface RunRecoveryHooks {
  atStart(identity: RunIdentity): Promise<void>;
  afterComplete(identity: RunIdentity, runId: string): Promise<void>;
}

export interface RunContext {
  readonly runId: string;
  readonly identity: RunIdentity;
  readonly assistantTurnId: string;
  readonly deps: RunDeps;
  readonly controller: AbortController;
  readonly signal: AbortSignal;
  readonly events: RunEventSink;
  readonly recorder: TurnRecorder;
  /** The run's trace: a no-op unless the person turned recording on. */
  readonly trace: RunTrace;
  /** The run's plan, scratchpad and ledger, shared with its tools. */
  readonly memory: WorkingMemoryBook;
  readonly interactions: InteractionBook;
  readonly toolContext: (
    call: { readonly id: string; readonly name: string },
    interaction: RunInteraction,
  ) => ToolRunContext;
  readonly waitForPage: RunInteraction['waitForPage'];
  /** Shows a scope pause (Retry / Stop) and resolves the answer. */
  readonly pauseForPage: RunInteraction['pauseForPage'];
  /** The tab the run works in now: its start tab until a tool switched it. */
  readonly currentTabId: () => number;
  /** The tabs the run worked in before its current one (see `RunPageGuard`). */
  readonly earlierTabIds: () => readonly number[];
  /** Set when the run cannot go on (its page is gone): the loop ends the run with it. */
  readonly fatal: () => ProtocolFailure | null;
  /** Tells the run's tools the resolved model's context window (known after preparation). */
  readonly setContextWindow: (tokens: number) => void;
  /** Keeps what a new worker needs to resume this run in the run journal. */
  readonly checkpoint: RunCheckpoint;
  /** Set when this run goes on with a run a previous worker instance left unfinished. */
  readonly resumed?: ResumedRun;
}

export function createRunContext(input: {
  runId: string;
  identity: RunIdentity;
  assistantTurnId: string;
  start: RunStartRequest;
  deps: RunDeps;
  transport: EventTransport;
  now: number;
  resumed?: ResumedRun;
  /** False for runs whose owner restarts them itself after a worker restart. */
  resumable?: boolean;
}): RunContext {
  const { runId, identity, deps } = input;
  const controller = new AbortController();
  const signal = controller.signal;
  const events = createRunEvents(
    runId,
    input.transport,
    deps.streamDelayMs !== undefined ? { delayMs: deps.streamDelayMs } : {},
  );
  const resumed = input.resumed;
  // A resumed run records on into its stored turn, with its memory and step count.
  const { recorder, checkpoint, memory } = runRecords({ ...input, journal: deps.journal });
  // What the person is told during the run stays with the answer, not only while live.
  const told: RunEventSink = {
    ...events,
    notice(level, message, code) {
      recorder.addNotice({ level, message, ...(code !== undefined ? { code } : {}) });
      events.notice(level, message, code);
    },
  };
  const trace = createRunTrace(
    deps.traces?.({ runId, sessionId: identity.sessionId, siteId: identity.scope.siteId }) ??
      NO_TRACE,
  );
  const interactions = tracedInteractions(
    createInteractionBook({
      announce: (pending) => {
        checkpoint.pending(pending?.kind ?? null);
        events.pending(pending);
      },
    }),
    trace,
  );
  let fatal: ProtocolFailure | null = null;
  // Every page request of the run carries its signal (Stop also cancels on the page),
  // goes to the document the run is pinned to, and waits while the tab shows another page.
  const guard = createRunPageGuard({
    tabs: deps.tabs,
    pages: deps.pages,
    identity,
    signal,
    stop: () => controller.abort(),
    end: (failure) => (fatal ??= failure),
  });
  const pageDeps = {
    guard,
    ...(deps.frames ? { frames: deps.frames } : {}),
    ...(deps.capture ? { capture: deps.capture } : {}),
  };
  let contextWindow: number | undefined;
  // The site's own state for its tools, from what the panel captured at Send.
  const site = workerSiteOf(identity.scope.siteId);
  const state = { checkpointId: null, site: site.createRunState(input.start), memory };
  const checkDocument = site.checkDocument;
  const documentHooks = deps.documentHooks ?? {};
  const boundWait: RunInteraction['waitForPage'] = (pending, isReady) =>
    waitForPage(interactions, pending, isReady, {
      timeoutMs: deps.interactionTimeoutMs,
      pollMs: deps.pagePollMs,
      signal,
    });
  const pause: RunInteraction['pauseForPage'] = async (pending) => {
    const decision = await awaitDecision(
      interactions,
      pending,
      ['retry', 'stop'],
      deps.interactionTimeoutMs,
      signal,
    );
    return decision === 'retry' || decision === 'stop' ? decision : 'timeout';
  };
  return {
    runId,
    identity,
    assistantTurnId: input.assistantTurnId,
    deps,
    controller,
    signal,
    events: told,
    recorder,
    trace,
    memory,
    interactions,
    waitForPage: boundWait,
    pauseForPage: pause,
    fatal: () => fatal,
    currentTabId: guard.tabId,
    earlierTabIds: guard.earlierTabIds,
    checkpoint,
    ...(resumed ? { resumed } : {}),
    setContextWindow: (tokens) => {
      contextWindow = tokens;
    },
    toolContext: (call, interaction) => ({
      runId,
      callId: call.id,
      signal,
      identity,
      editMode: input.start.editMode,
      page: runPageFor(pageDeps, call, interaction),
      interaction,
      state,
      documentHooks,
      ...(checkDocument ? { checkDocument } : {}),
      ...(contextWindow !== undefined ? { contextWindow } : {}),
    }),
  };
}
