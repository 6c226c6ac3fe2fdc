// The run the panel is showing: its streaming answer (hosted, never re-rendered
// per token), what it waits for, its notices and how it ended.
import { ErrorBanner } from '../components/error-banner';
import { PendingView } from './approvals/pending-view';
import type { LiveRun } from './live-run';
import type { RunController } from './run-controller';
import { StreamingMessage } from './stream/streaming-message';

/** Props of {@link LiveTurn}. */
export interface LiveTurnProps {
  readonly run: LiveRun;
  readonly runs: RunController;
}

/** The live assistant turn. */
export function LiveTurn({ run, runs }: LiveTurnProps) {
  const status = run.status.value;
  const pending = run.pending.value;
  const error = run.error.value;
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
      <StreamingMessage answer={run.view.answer} />
      {status === 'starting' ? <p class="muted typing">Starting{'\u2026'}</p> : null}
      {pending ? (
        <PendingView
          pending={pending}
          busy={run.resolving.value}
          onDecide={(decision, content) => void runs.resolve(decision, content)}
        />
      ) : null}
      {run.notices.value.map((notice, index) => (
        <p
          class={`notice notice-${notice.level}`}
          role={notice.level === 'error' ? 'alert' : 'status'}
          key={index}
        >
          {notice.code ? `${notice.code}: ${notice.message}` : notice.message}
        </p>
      ))}
      {status === 'cancelled' ? <p class="turn-note">Stopped.</p> : null}
      {error ? <ErrorBanner error={error} /> : null}
    </article>
  );
}
