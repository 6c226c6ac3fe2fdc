// An error as the person sees it: the code, the message and a copy button, in a
// role="alert" region so screen readers announce it. Text only.
import type { ProtocolError } from '../../shared/protocol/envelope';
import { CopyButton } from './copy-button';

/** Props of {@link ErrorBanner}. */
export interface ErrorBannerProps {
  readonly error: ProtocolError;
  readonly onDismiss?: () => void;
}

/** Shows one error with its code. */
export function ErrorBanner({ error, onDismiss }: ErrorBannerProps) {
  return (
    <div class="error-banner" role="alert" data-testid="error">
      <span class="error-code">{error.code}</span>
      <span class="error-message">{error.message}</span>
      <span class="banner-actions">
        <CopyButton label="Copy error" text={() => `${error.code}: ${error.message}`} />
        {onDismiss ? (
          <button type="button" class="icon-button" aria-label="Dismiss error" onClick={onDismiss}>
            {'\u00d7'}
          </button>
        ) : null}
      </span>
    </div>
  );
}
