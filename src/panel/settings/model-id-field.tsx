// The model id field: free text, with suggestions fetched from the provider when it
// offers a list (settings/list-models with the unsaved form values). Provider model
// names are untrusted; they only ever become option values and text.
import { useId, useState } from 'preact/hooks';
import type { ModelInput } from '../../shared/protocol/settings-messages';
import { Field, describedBy } from './form-field';
import type { SettingsClient } from './panel-client';

/** Props of {@link ModelIdField}. */
export interface ModelIdFieldProps {
  readonly client: SettingsClient;
  readonly value: string;
  readonly error: string | undefined;
  readonly onInput: (value: string) => void;
  /** The draft to list models for, or null when the form has inline errors. */
  readonly getInput: () => ModelInput | null;
}

/** A labelled model id input with a provider-fetched suggestion list. */
export function ModelIdField({ client, value, error, onInput, getInput }: ModelIdFieldProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [models, setModels] = useState<readonly string[]>([]);
  const [note, setNote] = useState('Type the id, or load the list from the provider.');
  const [isLoading, setLoading] = useState(false);
  const load = async () => {
    const input = getInput();
    if (input === null) return;
    setLoading(true);
    const response = await client.request('settings/list-models', { draft: input });
    setLoading(false);
    const failure = !response.ok ? response.error : !response.data.ok ? response.data : null;
    if (failure !== null) {
      setModels([]);
      setNote(`No list: [${failure.code}] ${failure.message}. Type the id instead.`);
    } else if (response.ok && response.data.ok) {
      setModels(response.data.models);
      setNote(`${response.data.models.length} models offered; pick one or type another id.`);
    }
  };
  return (
    <Field id={id} label="Model id" hint={note} error={error}>
      <div class="sa-row">
        <input
          id={id}
          type="text"
          list={listId}
          value={value}
          autocomplete="off"
          spellcheck={false}
          aria-invalid={error !== undefined}
          aria-describedby={describedBy(id, true, error !== undefined)}
          onInput={(event) => onInput(event.currentTarget.value)}
        />
        <button type="button" onClick={() => void load()} disabled={isLoading}>
          {isLoading ? 'Loading…' : 'Load list'}
        </button>
      </div>
      <datalist id={listId} data-testid="model-id-options">
        {models.map((model) => (
          <option key={model} value={model} />
        ))}
      </datalist>
    </Field>
  );
}
