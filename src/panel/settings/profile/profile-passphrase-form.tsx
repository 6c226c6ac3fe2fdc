// The Profile tab's passphrase forms: set one for a new profile (typed twice), or
// unlock a saved profile for this browser session. The passphrase goes to the worker
// only; the panel keeps nothing once the request is answered.
import { useId, useState } from 'preact/hooks';
import { MIN_PROFILE_PASSPHRASE } from '../../../shared/protocol/profile-messages';
import { Field, describedBy } from '../form-field';

/** Props of {@link PassphraseForm}. */
export interface PassphraseFormProps {
  readonly mode: 'create' | 'unlock';
  /** Resolves to an error text, or null when it worked. */
  readonly onSubmit: (passphrase: string) => Promise<string | null>;
}

export function PassphraseForm({ mode, onSubmit }: PassphraseFormProps) {
  const id = useId();
  const [passphrase, setPassphrase] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (mode === 'create' && passphrase.length < MIN_PROFILE_PASSPHRASE)
      return setError(`Choose a passphrase of at least ${MIN_PROFILE_PASSPHRASE} characters.`);
    if (mode === 'create' && passphrase !== again)
      return setError('The two passphrases differ. Type the same one twice.');
    setBusy(true);
    const problem = await onSubmit(passphrase);
    setBusy(false);
    setError(problem ?? undefined);
    if (problem === null) {
      setPassphrase('');
      setAgain('');
    }
  };
  const label = mode === 'create' ? 'Set passphrase' : 'Unlock profile';
  return (
    <form
      class="sa-form"
      data-testid={`profile-${mode}-form`}
      onSubmit={(event) => void submit(event)}
    >
      <Field id={`${id}-pass`} label="Passphrase" error={error}>
        <input
          id={`${id}-pass`}
          type="password"
          autocomplete={mode === 'create' ? 'new-password' : 'current-password'}
          value={passphrase}
          data-testid="profile-passphrase"
          aria-describedby={describedBy(`${id}-pass`, false, error !== undefined)}
          onInput={(event) => setPassphrase(event.currentTarget.value)}
        />
      </Field>
      {mode === 'create' ? (
        <Field id={`${id}-again`} label="Passphrase again">
          <input
            id={`${id}-again`}
            type="password"
            autocomplete="new-password"
            value={again}
            data-testid="profile-passphrase-again"
            onInput={(event) => setAgain(event.currentTarget.value)}
          />
        </Field>
      ) : null}
      <div class="sa-actions">
        <button type="submit" class="sa-primary" disabled={busy} data-testid={`profile-${mode}`}>
          {label}
        </button>
      </div>
    </form>
  );
}
