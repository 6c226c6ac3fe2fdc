// A page action that waits for the person: what will happen, in the agent's plain
// words ("Click 'Place order' on shop.example — $129.00"), why it asks, and the full
// address when the action goes somewhere. All strings are text.
import type { ApprovalDecision, PendingInteraction } from '../../../shared/protocol/run-messages';
import { ApprovalButtons } from './approval-buttons';

/** Props of {@link ActionApprovalView}. */
export interface ActionApprovalViewProps {
  readonly pending: Extract<PendingInteraction, { kind: 'action-approval' }>;
  readonly busy: boolean;
  readonly onDecide: (decision: ApprovalDecision) => void;
}

export function ActionApprovalView({ pending, busy, onDecide }: ActionApprovalViewProps) {
  return (
    <section
      class="review approval"
      aria-label={`Approve: ${pending.effect}`}
      data-testid="action-approval"
    >
      <p>
        <strong data-testid="action-effect">{pending.effect}</strong>
      </p>
      <p class="muted" data-testid="action-reason">
        {pending.reason}
      </p>
      {pending.detail ? (
        <pre class="action-detail" data-testid="action-detail">
          {pending.detail}
        </pre>
      ) : null}
      {pending.destination ? (
        <p class="destination">
          {'Goes to '}
          <code data-testid="destination">{pending.destination}</code>
        </p>
      ) : null}
      {pending.argumentsPreview ? (
        <details>
          <summary>
            Arguments of <code>{pending.name}</code>
          </summary>
          <pre>{pending.argumentsPreview}</pre>
        </details>
      ) : null}
      <ApprovalButtons busy={busy} allowRun={Boolean(pending.allowRun)} onDecide={onDecide} />
    </section>
  );
}
