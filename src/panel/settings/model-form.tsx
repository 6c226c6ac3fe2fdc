// ## Owns
// Adding and editing one model. Inline checks first, then — inside the click, as
// Chrome requires — the host permission for the endpoint's origin, then the save.
// Worker errors land on the field they concern, with their code.
import { useId, useRef, useState } from 'preact/hooks';
import type { ProtocolError } from '../../shared/protocol/envelope';
import type { ModelView } from '../../shared/protocol/settings-messages';
import { ApiKeyField } from './api-key-field';
import { ConnectionTest } from './connection-test';
import { Field, describedBy, formatError } from './form-field';
import {
  requestHostPermission,
  needsHostPermission,
  type RequestHostPermission,
} from './host-permission';
import { ModelCapabilityFields } from './model-capability-fields';
import { ModelEndpointFields } from './model-endpoint-fields';
import { ModelIdField } from './model-id-field';
import { ProviderSignInButton } from './provider-sign-in-button';
import { ModelPriceFields } from './model-price-fields';
import {
  PROVIDER_KIND_LABELS,
  draftFromModel,
  emptyDraft,
  originOf,
  toModelInput,
  validateDraft,
  type DraftErrors,
  type ModelDraft,
} from './model-draft';
import type { SettingsClient } from './panel-client';
import type { SettingsController } from './settings-controller';

/** Props of {@link ModelForm}. */
export interface ModelFormProps {
  readonly client: SettingsClient;
  readonly controller: SettingsController;
  /** The model to edit, or null to add one. */
  readonly model: ModelView | null;
  readonly onDone: () => void;
  /** Injected in tests; defaults to the real chrome.permissions request. */
  readonly requestPermission?: RequestHostPermission;
}

// Endpoint-policy codes belong to the URL field; everything else is form-level.
const URL_CODES = new Set(['INVALID_URL', 'UNSUPPORTED_SCHEME', 'EMBEDDED_CREDENTIALS']);

function errorsFromWorker(error: ProtocolError): { fields: DraftErrors; form: string | null } {
  if (URL_CODES.has(error.code)) return { fields: { baseUrl: formatError(error) }, form: null };
  if (error.code === 'INSECURE_CONFIRMATION_REQUIRED') {
    return { fields: { insecureOrigin: formatError(error) }, form: null };
  }
  return { fields: {}, form: formatError(error) };
}

/** The add/edit model form. */
export function ModelForm({
  client,
  controller,
  model,
  onDone,
  requestPermission = requestHostPermission,
}: ModelFormProps) {
  const ids = {
    name: useId(),
    kind: useId(),
  };
  const [draft, setDraft] = useState<ModelDraft>(() =>
    model ? draftFromModel(model) : emptyDraft(),
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [deniedOrigin, setDeniedOrigin] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const update = (patch: Partial<ModelDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const checkedInput = () => {
    const found = validateDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      queueMicrotask(() =>
        form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return null;
    }
    return toModelInput(draft);
  };

  const save = async () => {
    const input = checkedInput();
    if (input === null) return;
    setSaving(true);
    const result = await controller.saveModel(input);
    setSaving(false);
    if (result.ok) {
      onDone();
      return;
    }
    const mapped = errorsFromWorker(result.error);
    setErrors(mapped.fields);
    setFormError(mapped.form);
  };

  const onSubmit = (event: Event) => {
    event.preventDefault();
    setFormError(null);
    if (checkedInput() === null) return;
    const origin = originOf(draft.baseUrl);
    if (origin === null || !needsHostPermission(origin)) {
      void save();
      return;
    }
    // Started before any await: the prompt needs the click's user activation.
    const permission = requestPermission(origin);
    void permission.then((isGranted) => {
      if (isGranted) {
        setDeniedOrigin(null);
        void save();
      } else {
        setDeniedOrigin(origin);
      }
    });
  };

  return (
    <form
      ref={form}
      class="sa-model-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={model ? `Edit ${model.name}` : 'Add model'}
    >
      <h3>{model ? 'Edit model' : 'Add model'}</h3>
      <Field id={ids.name} label="Name" error={errors.name}>
        <input
          id={ids.name}
          type="text"
          maxLength={80}
          value={draft.name}
          aria-invalid={errors.name !== undefined}
          aria-describedby={describedBy(ids.name, false, errors.name !== undefined)}
          onInput={(event) => update({ name: event.currentTarget.value })}
        />
      </Field>
      <Field id={ids.kind} label="Provider type">
        <select
          id={ids.kind}
          value={draft.kind}
          onChange={(event) => update({ kind: event.currentTarget.value as ModelDraft['kind'] })}
        >
          {Object.entries(PROVIDER_KIND_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <ModelEndpointFields draft={draft} errors={errors} onDraft={setDraft} />
      <ApiKeyField
        value={draft.apiKey}
        hasStoredKey={model?.hasApiKey ?? false}
        storedKeyHint={model?.apiKeyHint ?? ''}
        isClearing={draft.clearKey}
        signedIn={draft.apiKey === '' && !draft.clearKey ? draft.keyGrant : null}
        onInput={(apiKey) => update({ apiKey, keyGrant: apiKey === '' ? draft.keyGrant : null })}
        onClearChange={(clearKey) => update({ clearKey, apiKey: '', keyGrant: null })}
      />
      <ProviderSignInButton
        client={client}
        baseUrl={draft.baseUrl}
        onGrant={(keyGrant) => update({ keyGrant, apiKey: '', clearKey: false })}
      />
      <ModelIdField
        client={client}
        value={draft.modelId}
        error={errors.modelId}
        onInput={(modelId) => update({ modelId })}
        getInput={checkedInput}
      />
      <ModelCapabilityFields draft={draft} error={errors.contextWindow} onChange={update} />
      <ModelPriceFields draft={draft} errors={errors} onChange={update} />
      <ConnectionTest client={client} getInput={checkedInput} />
      {deniedOrigin !== null ? (
        <div role="alert" class="sa-warning" data-testid="permission-denied">
          <p>{`Side Agent was not allowed to reach ${deniedOrigin}, so this model cannot be used until you allow it (save again to be asked again).`}</p>
          <button type="button" onClick={() => void save()} disabled={isSaving}>
            Save anyway
          </button>
        </div>
      ) : null}
      {formError !== null ? (
        <p role="alert" class="sa-field-error">
          {formError}
        </p>
      ) : null}
      <div class="sa-actions">
        <button type="submit" class="sa-primary" disabled={isSaving}>
          {isSaving ? 'Saving…' : 'Save model'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
