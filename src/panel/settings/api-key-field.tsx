// The API key field. A saved key never comes back to the panel: the worker sends
// whether one is stored and its last characters, shown as "•••• abcd". Leaving
// the field empty keeps the stored key; removing it is an explicit action.
import { useId } from 'preact/hooks';
import { Field, describedBy } from './form-field';
import type { KeyGrant } from './model-draft';

/** Props of {@link ApiKeyField}. */
export interface ApiKeyFieldProps {
  readonly value: string;
  /** Whether the saved model has a key (false for a new model). */
  readonly hasStoredKey: boolean;
  readonly storedKeyHint: string;
  readonly isClearing: boolean;
  /** A key a sign-in produced, saved with the model; null when none. */
  readonly signedIn?: KeyGrant | null;
  readonly onInput: (value: string) => void;
  readonly onClearChange: (isClearing: boolean) => void;
}

/** A password input plus the stored key's hint and Clear key / Keep key. */
export function ApiKeyField(props: ApiKeyFieldProps) {
  const id = useId();
  const hint = props.isClearing
    ? 'The stored key will be removed when you save.'
    : props.signedIn
      ? `Signed in with ${props.signedIn.provider}: its key${props.signedIn.hint ? ` (\u2022\u2022\u2022\u2022 ${props.signedIn.hint})` : ''} is saved when you save this model.`
      : props.hasStoredKey
        ? `Stored key: •••• ${props.storedKeyHint}. Leave empty to keep it.`
        : 'No key stored. Local servers often need none.';
  return (
    <Field id={id} label="API key" hint={hint}>
      <div class="sa-row">
        <input
          id={id}
          type="password"
          value={props.value}
          autocomplete="off"
          spellcheck={false}
          disabled={props.isClearing}
          placeholder={props.hasStoredKey && !props.isClearing ? `•••• ${props.storedKeyHint}` : ''}
          aria-describedby={describedBy(id, true, false)}
          onInput={(event) => props.onInput(event.currentTarget.value)}
        />
        {props.hasStoredKey ? (
          <button type="button" onClick={() => props.onClearChange(!props.isClearing)}>
            {props.isClearing ? 'Keep key' : 'Clear key'}
          </button>
        ) : null}
      </div>
    </Field>
  );
}
