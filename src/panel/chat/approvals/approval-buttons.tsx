// The decision row every approval card shares: Approve once, Allow for this run (when
// the card may grant it) and Deny.
import type { ApprovalDecision } from '../../../shared/protocol/run-messages';

export function ApprovalButtons({
  busy,
  allowRun,
  onDecide,
}: {
  readonly busy: boolean;
  readonly allowRun: boolean;
  readonly onDecide: (decision: ApprovalDecision) => void;
}) {
  return (
    <div class="review-actions">
      <button
        type="button"
        class="primary"
        disabled={busy}
        onClick={() => onDecide('approve-once')}
        data-testid="approve-once"
      >
        Approve once
      </button>
      {allowRun ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => onDecide('allow-run')}
          data-testid="allow-run"
        >
          Allow for this run
        </button>
      ) : null}
      <button type="button" disabled={busy} onClick={() => onDecide('deny')} data-testid="deny">
        Deny
      </button>
    </div>
  );
}
