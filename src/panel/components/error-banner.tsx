// An error as the person sees it: what happened and what to do next in plain words,
// with Retry and Settings where they help; the code and the raw message stay behind
// Details, in a box that scrolls instead of widening the panel. Not a live region:
// the announcer says a new error once, and an old banner in the transcript is not
// an alert that keeps being found. Text only.
import { CircleAlert, X } from 'lucide-preact';
import { useContext } from 'preact/hooks';
import type { ProtocolError } from '../../shared/protocol/envelope';
import { personError } from '../errors/error-text';
import { ErrorSurroundingsContext, settingsTabFor } from '../errors/error-surroundings';
import { CopyButton } from './copy-button';

/** Props of {@link ErrorBanner}. */
export interface ErrorBannerProps {
  readonly error: ProtocolError;
  readonly onDismiss?: (() => void) | undefined;
  /** Offered as "Retry" when the error says retrying can help. */
  readonly onRetry?: (() => void) | undefined;
  /** Offered as "Continue" when the run paused (step cap, token limit) and can go on. */
  readonly onContinue?: (() => void) | undefined;
}

/** Shows one error in the person's words. */
export function ErrorBanner({ error, onDismiss, onRetry, onContinue }: ErrorBannerProps) {
  const surroundings = useContext(ErrorSurroundingsContext);
  const steps = error.details?.['steps'];
  const maxSteps = error.details?.['maxSteps'];
  const limit = error.details?.['limit'];
  const isCostLimit = error.code.startsWith('BUDGET_') && error.code.endsWith('_COST_REACHED');
  const person = personError(error.code, {
    modelHost: surroundings.modelHost,
    ...(typeof steps === 'number' ? { steps } : {}),
    ...(typeof maxSteps === 'number' ? { maxSteps } : {}),
    ...(isCostLimit && typeof limit === 'number' ? { costLimit: limit } : {}),
  });
  const canRetry = onRetry !== undefined && person.actions.includes('retry');
  const canContinue = onContinue !== undefined && person.actions.includes('continue');
  const openSettings = surroundings.openSettings;
  const canOpenSettings = openSettings !== undefined && person.actions.includes('settings');
  return (
    <div
      class="error-banner"
      role="group"
      aria-label="Problem"
      data-testid="error"
      data-code={error.code}
    >
      <CircleAlert aria-hidden="true" size={16} strokeWidth={2} class="error-icon" />
      <div class="error-body">
        <p class="error-text" data-testid="error-text">
          {person.text}
        </p>
        <div class="error-actions">
          {canContinue ? (
            <button type="button" onClick={onContinue} data-testid="error-continue">
              Continue
            </button>
          ) : null}
          {canRetry ? (
            <button type="button" onClick={onRetry} data-testid="error-retry">
              Retry
            </button>
          ) : null}
          {canOpenSettings ? (
            <button
              type="button"

              onClick={() => openSettings(settingsTabFor(error.code))}
              data-testid="error-settings"
            >
              Settings
            </button>
          ) : null}
          <details class="error-details">
            <summary>Details</summary>
            <p class="error-code" data-testid="error-code">
              {error.code}
            </p>
            <pre class="error-message" data-testid="error-message">
              {error.message}
            </pre>
            <CopyButton label="Copy error details" text={() => `${error.code}: ${error.message}`} />
          </details>
        </div>
      </div>
      {onDismiss ? (
        <button
          type="button"
          class="icon-button error-dismiss"
          aria-label="Dismiss problem"
          title="Dismiss"
          onClick={onDismiss}
        >
          <X aria-hidden="true" size={14} strokeWidth={2} />
        </button>
      ) : null}
    </div>
  );
}
