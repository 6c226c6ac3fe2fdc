// Adds or edits one profile entry: its name (a key such as `shipping.city`, with
// common ones suggested) and its value, shown and kept as plain text.
import { useId, useState } from 'preact/hooks';
import { MAX_PROFILE_VALUE, type ProfileEntry } from '../../../shared/protocol/profile-messages';
import { Field, describedBy } from '../form-field';

/** Names the list suggests; any other name the person types works the same. */
const SUGGESTED_KEYS = [
  'name',
  'email',
  'phone',
  'home.street',
  'home.city',
  'home.postal_code',
  'home.country',
  'shipping.street',
  'shipping.city',
  'shipping.postal_code',
  'shipping.country',
] as const;

/** Props of {@link ProfileEntryForm}. */
export interface ProfileEntryFormProps {
  /** The entry being edited; absent: a new one. */
  readonly entry?: ProfileEntry;
  /** Resolves to an error text, or null when saved. */
  readonly onSave: (key: string, value: string) => Promise<string | null>;
  readonly onCancel?: () => void;
}

export function ProfileEntryForm({ entry, onSave, onCancel }: ProfileEntryFormProps) {
  const id = useId();
  const [key, setKey] = useState(entry?.key ?? '');
  const [value, setValue] = useState(entry?.value ?? '');
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = async (event: Event) => {
    event.preventDefault();
    const problem = await onSave(key, value);
    setError(problem ?? undefined);
    if (problem === null && !entry) {
      setKey('');
      setValue('');
    }
  };
  const keyHint = 'Group an address with a dot: shipping.city, home.street.';
  return (
    <form
      class="sa-form"
      data-testid={entry ? 'profile-edit-form' : 'profile-add-form'}
      onSubmit={(event) => void submit(event)}
    >
      <Field id={`${id}-key`} label="Entry" hint={keyHint} error={error}>
        <input
          id={`${id}-key`}
          type="text"
          list={`${id}-keys`}
          value={key}
          maxLength={60}
          data-testid="profile-entry-key"
          aria-describedby={describedBy(`${id}-key`, true, error !== undefined)}
          onInput={(event) => setKey(event.currentTarget.value)}
        />
      </Field>
      <datalist id={`${id}-keys`}>
        {SUGGESTED_KEYS.map((suggested) => (
          <option key={suggested} value={suggested} />
        ))}
      </datalist>
      <Field id={`${id}-value`} label="Value">
        <input
          id={`${id}-value`}
          type="text"
          value={value}
          maxLength={MAX_PROFILE_VALUE}
          data-testid="profile-entry-value"
          onInput={(event) => setValue(event.currentTarget.value)}
        />
      </Field>
      <div class="sa-actions">
        <button type="submit" class="sa-primary" data-testid="profile-entry-save">
          {entry ? 'Save entry' : 'Add entry'}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
