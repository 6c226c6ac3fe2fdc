// A call that needs the person to sign in to an integration first: what asks, why,
// and two answers. Sign in opens the server's own sign-in page (the worker opens it;
// the panel never sees a token). All strings are text.
import type { ApprovalDecision, PendingInteraction } from '../../../shared/protocol/run-messages';

/** Props of {@link IntegrationSignInView}. */
export interface IntegrationSignInViewProps {
  readonly pending: Extract<PendingInteraction, { kind: 'integration-sign-in' }>;
  readonly busy: boolean;
  readonly onDecide: (decision: ApprovalDecision) => void;
}

export function IntegrationSignInView({ pending, busy, onDecide }: IntegrationSignInViewProps) {
  return (
    <section
      class="review approval"
      aria-label={`Sign in to ${pending.source}`}
      data-testid="integration-sign-in"
    >
      <p>{pending.message}</p>
      <div class="review-actions">
        <button
          type="button"
          class="primary"
          disabled={busy}
          onClick={() => onDecide('sign-in')}
          data-testid="sign-in"
        >
          {`Sign in to ${pending.source}`}
        </button>
        <button type="button" disabled={busy} onClick={() => onDecide('skip')} data-testid="skip">
          Skip
        </button>
      </div>
    </section>
  );
}
