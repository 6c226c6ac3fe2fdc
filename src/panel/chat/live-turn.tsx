// The run the panel is showing: its streaming answer (hosted, never re-rendered
// per token), what it waits for, its notices and how it ended. Its start, its end
// and its errors are announced once each through the panel's announcer.
import { useEffect, useRef } from 'preact/hooks';
import { announcer } from '../components/announcer';
import { ErrorBanner } from '../components/error-banner';
import { PendingView } from './approvals/pending-view';
import type { LiveRun } from './live-run';
import type { RunController } from './run-controller';
import { StreamingMessage } from './stream/streaming-message';
import { WorkingMemoryView } from './working-memory-view';

/** Props of {@link LiveTurn}. */
export interface LiveTurnProps {
  readonly run: LiveRun;
  readonly runs: RunController;
}

/**
 * Announces the run's start and its notices once. How the run ended is said by the
 * run controller, which sees every end even when this view is replaced at once.
 */
function useAnnounceStatus(run: LiveRun): void {
  const started = useRef(false);
  const status = run.status.value;
  useEffect(() => {
    if (started.current || status !== 'running') return;
    started.current = true;
    announcer.announce('Side Agent is working on it.');
  }, [status]);
  const notices = run.notices.value;
  const noticesSaid = useRef(new WeakSet<object>());
  useEffect(() => {
    for (const notice of notices) {
      if (noticesSaid.current.has(notice)) continue;
      noticesSaid.current.add(notice);
      announcer.announce(notice.message, notice.level === 'error' ? 'assertive' : 'polite');
    }
  }, [notices]);
}

/** The live assistant turn. */
export function LiveTurn({ run, runs }: LiveTurnProps) {
  useAnnounceStatus(run);
  const status = run.status.value;
  const pending = run.pending.value;
  const error = run.error.value;
  const memory = run.memory.value;
  return (
    <article
      class="turn assistant-turn live-turn"
      data-testid="live-turn"
      data-status={status}
      aria-label="Side Agent"
      aria-busy={run.isActive}
    >
      {run.reconnected ? (
        <p class="turn-note muted">Continuing a run that was already going.</p>
      ) : null}
      {memory ? <WorkingMemoryView plan={memory.plan} memory={memory.memory} live /> : null}
      <StreamingMessage answer={run.view.answer} />
      {status === 'starting' ? <p class="muted typing">Starting{'\u2026'}</p> : null}
      {pending ? (
        <PendingView
          pending={pending}
          busy={run.resolving.value}
          onDecide={(decision, content, plan) => void runs.resolve(decision, content, plan)}
        />
      ) : null}
      {run.notices.value.map((notice, index) => (
        <p
          class={`notice notice-${notice.level}`}
          key={index}
          data-testid="run-notice"
          {...(notice.code ? { 'data-code': notice.code } : {})}
        >
          {notice.message}
        </p>
      ))}
      {status === 'cancelled' ? <p class="turn-note">Stopped.</p> : null}
      {error ? <ErrorBanner error={error} /> : null}
    </article>
  );
}
