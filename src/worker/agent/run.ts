// ## Owns
// One run, start to terminal: validate, build the context, loop model
// rounds and tool rounds, save the turn as it goes to the CAPTURED session, and end
// with exactly one terminal event. Every wait takes the run signal; Stop aborts it
// and the loop unwinds at its next await.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { ProtocolError } from '../../shared/protocol/envelope';
import type { RunStartRequest } from '../../shared/protocol/run-messages';
import { raceAbort } from '../../shared/lib/abort';
import { prepareRun, type PreparedRun } from './run-prepare';
import { createSaveQueue } from './run-save-queue';
import { runLoop, type RunSaves } from './run-loop';
import { OPEN_STATUSES } from './tool-results';
import type { RunContext } from './run-context';
import { workerSiteOf } from '../sites/worker-sites';
import type { SitePage } from '../sites/worker-site';
import type { PageRequests } from '../page-requests';
import { TERMINAL_SAVE_GRACE_MS } from './run-limits';
import { tracedAdapter } from './trace-sink';

function errorOf(error: unknown): ProtocolError {
  if (error instanceof ProtocolFailure)
    return {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    };
  return {
    code: 'HANDLER_FAILED',
    message: error instanceof Error ? error.message : String(error),
  };
}

/** Hands a complete response to auto-learn; the person's own words only, never imported ones. */
function learnFrom(run: RunContext, modelId: string, prepared: PreparedRun): void {
  const user = prepared.history.at(-1);
  if (!run.deps.learn || user?.role !== 'user' || user.imported === true) return;
  const answer = run.recorder
    .snapshot()
    .segments.flatMap((segment) => (segment.kind === 'text' ? [segment.text] : []))
    .join('\n\n');
  run.deps.learn({ modelId, userText: user.text, answer, mode: prepared.mode });
}

/** Runs `run` to its terminal event. Never throws. */
export async function executeRun(run: RunContext, request: RunStartRequest): Promise<void> {
  const { deps, signal, events, recorder, identity } = run;
  const save = reportingSaves(createSaveQueue(deps.chats, identity.sessionId, signal), events);
  // A resumed run's turn is in the chat already: however it ends, the end is saved.
  let sessionReady = run.resumed !== undefined;
  let status: 'done' | 'error' | 'cancelled' = 'done';
  let failure: ProtocolError | undefined;
  events.start({ identity, assistantTurnId: run.assistantTurnId });
  try {
    const prepared = await prepareRun(deps, identity, request, signal);
    run.setContextWindow(prepared.model.contextWindow);
    const asked = prepared.history.at(-1);
    if (asked?.role === 'user') run.trace.title(asked.text);
    await raceAbort(run.checkpoint.start(), signal);
    sessionReady = true;
    // The chat's automatic snapshot goes when the document diverged since it was taken
    // (a resumed run's document moved by its own earlier steps).
    await raceAbort(
      (run.resumed ? undefined : deps.recovery)
        ?.atStart(identity)
        .catch(() =>
          events.notice(
            'warning',
            "The chat's automatic snapshot could not be checked against the document; it is kept as it was.",
            'HANDLER_FAILED',
          ),
        ) ?? Promise.resolve(),
      signal,
    );
    save.progress(recorder.snapshot());
    if (!run.resumed)
      deps.autoName?.({
        identity,
        modelId: request.modelId,
        history: prepared.history,
        general: prepared.general,
        notice: events.notice,
        traced: (adapter) => tracedAdapter(adapter, run.trace, 'naming'),
      });
    await runLoop(run, request, prepared, save);
    learnFrom(run, request.modelId, prepared);
  } catch (error) {
    if (signal.aborted) status = 'cancelled';
    else {
      status = 'error';
      failure = errorOf(error);
    }
  }
  await finishRun(run, save, sessionReady, status, failure);
}

/**
 * The run's save queue with progress failures reported once as a notice: a failed
 * progress save loses nothing the terminal save will not write, but the person should
 * know that a crash now would lose more.
 */
function reportingSaves(
  queue: ReturnType<typeof createSaveQueue>,
  events: RunContext['events'],
): RunSaves {
  let reported = false;
  const report = () => {
    if (reported) return;
    reported = true;
    events.notice(
      'warning',
      'Progress of this response could not be saved yet; it is saved again when the response ends.',
      'STORAGE_WRITE_FAILED',
    );
  };
  return {
    progress(turn) {
      queue.progress(turn).catch(report);
    },
    settle: (turn) => queue.progress(turn).catch(report),
    terminal: (turn) => queue.terminal(turn),
  };
}

async function finishRun(
  run: RunContext,
  save: RunSaves,
  sessionReady: boolean,
  status: 'done' | 'error' | 'cancelled',
  failure: ProtocolError | undefined,
) {
  const { recorder, events, identity } = run;
  events.flush();
  for (const segment of recorder.snapshot().segments) {
    if (segment.kind !== 'tools') continue;
    for (const call of segment.calls)
      if (OPEN_STATUSES.has(call.status))
        recorder.updateToolCall(call.callId, { status: 'cancelled' });
  }
  recorder.finish(status === 'done' ? 'complete' : status, failure);
  run.trace.end(status, failure?.code);
  if (sessionReady) {
    // A hung store must not hold the terminal event back forever.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const grace = new Promise<'late'>(
      (resolve) => (timer = setTimeout(() => resolve('late'), TERMINAL_SAVE_GRACE_MS)),
    );
    const saved = await Promise.race([
      save.terminal(recorder.snapshot()).then(
        () => 'saved' as const,
        () => 'failed' as const,
      ),
      grace,
    ]);
    clearTimeout(timer);
    if (saved !== 'saved')
      events.notice('error', 'The response could not be saved to the chat.', 'HANDLER_FAILED');
    await run.deps.journal.remove(run.runId).catch(() => undefined);
  }
  // Only a successful complete response snapshots the focused file. A failed or stopped
  // run's snapshot is dropped, not kept with a "run failed" label: its document may be
  // half-way through the model's plan, its own edits are already undone by Revert (the
  // checkpoint journal), and a labelled copy would take one of the few snapshot slots
  // from a recovery point a person can trust.
  if (status === 'done' && sessionReady) {
    await run.deps.recovery
      ?.afterComplete(identity, run.runId)
      .catch(() =>
        events.notice(
          'warning',
          'The automatic snapshot of the document could not be saved.',
          'HANDLER_FAILED',
        ),
      );
  }
  // What the run held in the browser (the web face's debugger session) goes first; the
  // site's last word goes to the tab the run worked in last, and to those before it.
  const earlier = run.earlierTabIds().map((tabId) => lastPageWord(run.deps.pages, tabId));
  await workerSiteOf(identity.scope.siteId)
    .endRun?.(run.runId, lastPageWord(run.deps.pages, run.currentTabId()), earlier)
    .catch(() => undefined);
  events.end({
    status,
    ...(failure ? { error: failure } : {}),
    sessionId: identity.sessionId,
    assistantTurnId: run.assistantTurnId,
  });
}

/** How long a run's last page request (clearing what it showed there) may take. */
const LAST_WORD_MS = 1_000;

/** The run's tab, reached outside its guard once it ended (see WorkerSite.endRun). */
function lastPageWord(pages: PageRequests, tabId: number): SitePage {
  const signal = AbortSignal.timeout(LAST_WORD_MS);
  return {
    tabId,
    signal,
    request: (method, payload) => pages.request(tabId, method, payload, { signal }),
  };
}
