// ## Owns
// "Sign in with …" beside the API key field, where the base URL is a provider that
// offers sign-in. The worker runs the provider's window and holds the key; the form
// gets a grant and the key's last characters, and the key is saved with the model.
import { useState } from 'preact/hooks';
import { signInProviderOf } from '../../shared/models/provider-sign-in';
import type { KeyGrant } from './model-draft';
import type { SettingsClient } from './panel-client';

/** Props of {@link ProviderSignInButton}. */
export interface ProviderSignInButtonProps {
  readonly client: SettingsClient;
  readonly baseUrl: string;
  readonly onGrant: (grant: KeyGrant) => void;
}

export function ProviderSignInButton({ client, baseUrl, onGrant }: ProviderSignInButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const provider = signInProviderOf(baseUrl);
  if (provider === null) return null;
  const signIn = async () => {
    setBusy(true);
    setError(null);
    const result = await client.request('settings/sign-in', { baseUrl });
    setBusy(false);
    if (!result.ok) return setError(result.error.message);
    if (!result.data.ok) return setError(result.data.message);
    onGrant({ grant: result.data.grant, hint: result.data.keyHint, provider: provider.name });
  };
  return (
    <div class="sa-field" data-testid="provider-sign-in">
      <div class="sa-row">
        <button type="button" onClick={() => void signIn()} disabled={busy} aria-busy={busy}>
          {busy ? `Waiting for ${provider.name}\u2026` : `Sign in with ${provider.name}`}
        </button>
        <span class="sa-hint">or paste a key above</span>
      </div>
      {error !== null ? (
        <p role="alert" class="sa-field-error" data-testid="provider-sign-in-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
