// ## Owns
// Active-run correlation for the panel: which run it shows (the event router
// drops every other run's events), the run/* event handlers, reconnecting to a
// run that is already going (run/status), Stop (run/cancel) and decisions
// (run/resolve with the exact runId and callId).
// ## Never
// Lets a malformed or surprising event break the view: the router refuses invalid
// payloads; anything that still throws here is caught and logged.
import { signal } from '@preact/signals';
import type { AssistantTurn, ChatScope } from '../../shared/protocol/chat-records';
import type { EventHandlers } from '../../shared/protocol/define-channel';
import type {
  ApprovalDecision,
  FormContent,
  FrameSiteOffer,
  RunIdentity,
} from '../../shared/protocol/run-messages';
import type { RunPlan } from '../../shared/protocol/run-plan';
import type { WorkerToPanel } from '../../shared/protocol/worker-to-panel';
import type { RunClient } from '../app/panel-api';
import type { AnswerView } from './answer-view';
import { LiveRun } from './live-run';
import type { StreamingAnswerOptions } from './stream/streaming-answer';

/** The run/* part of the worker -> panel handler map. */
export type RunEventHandlers = Omit<
  EventHandlers<WorkerToPanel>,
  'tab/site-changed' | 'panel/quick-attach' | 'sites/changed'
>;

/** What the run controller needs. */
export interface RunControllerDeps {
  readonly client: RunClient;
  /** Called once when the shown run ended (reload the chat from storage). */
  readonly onEnded?: (run: LiveRun) => void;
  /** Renderer options for each new answer (scroll-follow hook, scheduler). */
  readonly answerOptions?: () => StreamingAnswerOptions;
  /** A call of the shown run left frames of sites the person has not allowed unread. */
  readonly onFrameSites?: (run: LiveRun, sites: readonly FrameSiteOffer[]) => void;
  /** The panel starts showing a new run. */
  readonly onBegin?: () => void;
}

function sameIdentity(a: RunIdentity, b: RunIdentity): boolean {
  return (
    a.tabId === b.tabId &&
    a.sessionId === b.sessionId &&
    a.scope.siteId === b.scope.siteId &&
    a.scope.projectId === b.scope.projectId
  );
}

/** Tracks and drives the one run the panel shows. */
export class RunController {
  readonly live = signal<LiveRun | null>(null);
  readonly handlers: RunEventHandlers;
  // The view of a run that ended, waiting for its stored turn to take it over.
  private handoff: { readonly runId: string; readonly view: AnswerView } | null = null;

  constructor(private readonly deps: RunControllerDeps) {
    const withRun =
      <P>(apply: (run: LiveRun, payload: P) => void) =>
      (payload: P, context: { runId?: string }) => {
        const run = this.live.peek();
        if (!run || run.runId !== context.runId) return;
        try {
          apply(run, payload);
        } catch (error) {
          console.warn('Side Agent: a run event could not be shown.', error);
        }
      };
    this.handlers = {
      'run/start': withRun((run, payload) => {
        if (sameIdentity(run.identity, payload.identity)) run.started();
      }),
      'run/stream': withRun((run, payload) => run.stream(payload)),
      'run/tool-call': withRun((run, payload) => run.toolCall(payload)),
      'run/tool-status': withRun((run, payload) => {
        run.toolStatus(payload);
        if (payload.frameSites?.length) this.deps.onFrameSites?.(run, payload.frameSites);
      }),
      'run/pending': withRun((run, payload) => run.setPending(payload.pending)),
      'run/notice': withRun((run, payload) => run.notice(payload)),
      'run/memory': withRun((run, payload) => run.setMemory(payload)),
      // A new worker goes on with this run under a new id: show that run instead.
      'run/resumed': withRun(() => void this.refresh()),
      'run/end': withRun((run, payload) => {
        if (!run.isActive) return;
        run.end(payload);
        this.deps.onEnded?.(run);
      }),
    };
  }

  /** The router's filter: only the shown run's events pass. */
  readonly isActiveRun = (runId: string): boolean => this.live.peek()?.runId === runId;

  /** Whether a run is being shown and still going. */
  get isRunning(): boolean {
    return this.live.peek()?.isActive ?? false;
  }

  /** Starts showing a run the panel is about to start (before run/start, so no event is lost). */
  begin(runId: string, identity: RunIdentity): LiveRun {
    this.release();
    this.deps.onBegin?.();
    const run = new LiveRun(runId, identity, this.deps.answerOptions?.());
    this.live.value = run;
    return run;
  }

  /**
   * Asks the worker for the chat's active run and shows it live: stream so far,
   * tool cards and any pending approval. Returns whether a run was found.
   */
  async reconnect(scope: ChatScope, sessionId: string): Promise<boolean> {
    const result = await this.deps.client.request('run/status', { scope, sessionId });
    if (!result.ok || result.data === null) return false;
    const snapshot = result.data;
    if (this.live.peek()?.runId === snapshot.runId) return true;
    this.release();
    this.live.value = new LiveRun(
      snapshot.runId,
      snapshot.identity,
      this.deps.answerOptions?.(),
      snapshot,
    );
    return true;
  }

  /**
   * After the worker restarted (the event port connected again): a shown run that was
   * still going may go on in the new worker under a new id, shown from its snapshot.
   */
  async refresh(): Promise<void> {
    const run = this.live.peek();
    if (run?.isActive) await this.reconnect(run.identity.scope, run.identity.sessionId);
  }

  /** Stop: cancels the shown run. The terminal event ends the view. */
  async cancel(): Promise<void> {
    const run = this.live.peek();
    if (!run?.isActive) return;
    const result = await this.deps.client.request('run/cancel', {}, { runId: run.runId });
    if (!result.ok)
      run.notice({ level: 'error', code: result.error.code, message: result.error.message });
  }

  /** Answers the pending interaction with its exact (runId, callId); one decision at a time. */
  async resolve(decision: ApprovalDecision, content?: FormContent, plan?: RunPlan): Promise<void> {
    const run = this.live.peek();
    const pending = run?.pending.peek();
    if (!run || !pending || run.resolving.peek()) return;
    run.resolving.value = true;
    const result = await this.deps.client.request(
      'run/resolve',
      {
        callId: pending.callId,
        decision,
        ...(content ? { content } : {}),
        ...(plan ? { plan } : {}),
      },
      { runId: run.runId },
    );
    if (result.ok && result.data.accepted) {
      if (run.pending.peek()?.callId === pending.callId) run.setPending(null);
      return;
    }
    run.resolving.value = false;
    const message = result.ok ? 'The run no longer waits for this decision.' : result.error.message;
    run.notice({ level: 'warning', ...(result.ok ? {} : { code: result.error.code }), message });
  }

  /**
   * Stops showing the current run (after its turn was reloaded from storage). With
   * `handOver`, a run that ended done keeps its view for {@link takeView}: the stored
   * turn shows the very DOM that was streamed, so a long answer is never parsed and
   * sanitized a second time (that re-render was a 115-170 ms task at each run's end).
   */
  release(options: { readonly handOver?: boolean } = {}): void {
    this.dropHandoff();
    const run = this.live.peek();
    if (!run) return;
    if (options.handOver && run.status.peek() === 'done')
      this.handoff = { runId: run.runId, view: run.view };
    else run.dispose();
    this.live.value = null;
  }

  /**
   * The ended live view of a stored turn's run, once; the caller then owns it (shows it
   * if it holds exactly that turn, see AnswerView.shows, else disposes it). It is not
   * disposed here: this is called while rendering, and unmounting the view's tool cards
   * (a nested Preact render) during a render breaks preact/hooks.
   */
  takeView(turn: AssistantTurn): AnswerView | null {
    const handoff = this.handoff;
    if (!handoff || handoff.runId !== turn.runId) return null;
    this.handoff = null;
    return handoff.view;
  }

  private dropHandoff(): void {
    this.handoff?.view.dispose();
    this.handoff = null;
  }
}
