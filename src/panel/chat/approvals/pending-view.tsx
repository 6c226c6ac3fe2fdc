// What a run waits for from the person, shown under the live answer: a diff
// review, a page action's approval (what it will do), an external tool approval (with
// its destination), an integration's form or
// sign-in, the agent's question (clarify), a run's plan before it acts (edit, approve, reject), a page wait (what to do, Retry, Skip), or a pause because the tab left the run's page (Retry, Stop). Decisions go to the run controller, which sends them with
// the exact (runId, callId). All strings are text.
import type {
  ApprovalDecision,
  FormContent,
  PendingInteraction,
} from '../../../shared/protocol/run-messages';
import { ActionApprovalView } from './action-approval-view';
import { ClarifyView } from './clarify-view';
import { DiffReview } from './diff-review';
import { IntegrationFormView } from './integration-form-view';
import { IntegrationSignInView } from './integration-sign-in-view';
import { ApprovalButtons } from './approval-buttons';
import { PlanReviewView } from './plan-review-view';
import type { RunPlan } from '../../../shared/protocol/run-plan';

/** Props of {@link PendingView}. */
export interface PendingViewProps {
  readonly pending: PendingInteraction;
  readonly busy: boolean;
  readonly onDecide: (decision: ApprovalDecision, content?: FormContent, plan?: RunPlan) => void;
}

/** The pending interaction of the shown run. */
export function PendingView({ pending, busy, onDecide }: PendingViewProps) {
  if (pending.kind === 'edit-review') {
    return (
      <DiffReview
        diff={pending.diff}
        busy={busy}
        onApply={() => onDecide('apply')}
        onReject={() => onDecide('reject')}
      />
    );
  }
  if (pending.kind === 'integration-form')
    return <IntegrationFormView pending={pending} busy={busy} onDecide={onDecide} />;
  if (pending.kind === 'integration-sign-in')
    return <IntegrationSignInView pending={pending} busy={busy} onDecide={onDecide} />;
  if (pending.kind === 'clarify')
    return <ClarifyView pending={pending} busy={busy} onDecide={onDecide} />;
  if (pending.kind === 'plan-review')
    return (
      <PlanReviewView
        pending={pending}
        busy={busy}
        onDecide={(decision, plan) =>
          plan ? onDecide(decision, undefined, plan) : onDecide(decision)
        }
      />
    );
  if (pending.kind === 'action-approval')
    return <ActionApprovalView pending={pending} busy={busy} onDecide={onDecide} />;
  if (pending.kind === 'external-approval') {
    return (
      <section
        class="review approval"
        aria-label={`Approve ${pending.name}`}
        data-testid="approval"
      >
        <p>
          <strong>{pending.integration}</strong>
          {' wants to run '}
          <code>{pending.name}</code>
        </p>
        <p class="destination">
          {'Sends data to '}
          <code data-testid="destination">{pending.destination}</code>
        </p>
        {pending.argumentsPreview ? (
          <details>
            <summary>Arguments</summary>
            <pre>{pending.argumentsPreview}</pre>
          </details>
        ) : null}
        <ApprovalButtons busy={busy} allowRun={true} onDecide={onDecide} />
      </section>
    );
  }
  if (pending.kind === 'scope-wait') {
    return (
      <section
        class="review page-wait"
        aria-label="The run is paused"
        role="alert"
        data-testid="scope-wait"
      >
        <p>{pending.message}</p>
        <p class="muted">Nothing is read or changed on the page while the run is paused.</p>
        <div class="review-actions">
          <button
            type="button"
            class="primary"
            disabled={busy}
            onClick={() => onDecide('retry')}
            data-testid="retry"
          >
            Retry
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => onDecide('stop')}
            data-testid="stop-run"
          >
            Stop the run
          </button>
        </div>
      </section>
    );
  }
  return (
    <section class="review page-wait" aria-label="The agent needs the page" data-testid="page-wait">
      <p>{pending.message}</p>
      {pending.missing.length > 0 ? (
        <p class="muted">{`Missing: ${pending.missing.join(', ')}`}</p>
      ) : null}
      <div class="review-actions">
        <button
          type="button"
          class="primary"
          disabled={busy}
          onClick={() => onDecide('retry')}
          data-testid="retry"
        >
          Retry now
        </button>
        <button type="button" disabled={busy} onClick={() => onDecide('skip')} data-testid="skip">
          Skip
        </button>
      </div>
    </section>
  );
}
