// Settings → Models: the saved models with Edit and Delete (in-panel
// confirmation), and the add/edit form. Model names are user- or provider-
// supplied text and are only ever rendered as text.
import { useState } from 'preact/hooks';
import type { ModelView } from '../../shared/protocol/settings-messages';
import { ConfirmDialog } from '../sessions/confirm-dialog';
import { formatError } from './form-field';
import type { RequestHostPermission } from './host-permission';
import { ModelForm } from './model-form';
import { PROVIDER_KIND_LABELS } from './model-draft';
import type { SettingsClient } from './panel-client';
import type { SettingsController } from './settings-controller';

/** Props of {@link ModelsTab}. */
export interface ModelsTabProps {
  readonly client: SettingsClient;
  readonly controller: SettingsController;
  readonly requestPermission?: RequestHostPermission | undefined;
}

type Editing = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; model: ModelView };

/** The model registry editor. */
export function ModelsTab({ client, controller, requestPermission }: ModelsTabProps) {
  const view = controller.view.value;
  const models = view?.models ?? [];
  // With no model yet, the form is what the user came for.
  const [editing, setEditing] = useState<Editing>(() =>
    models.length === 0 ? { kind: 'add' } : { kind: 'none' },
  );
  const [deleting, setDeleting] = useState<ModelView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  const confirmDelete = async () => {
    if (deleting === null) return;
    setBusy(true);
    const result = await controller.deleteModel(deleting.id);
    setBusy(false);
    setDeleting(null);
    setError(result.ok ? null : formatError(result.error));
  };

  if (editing.kind !== 'none') {
    return (
      <ModelForm
        key={editing.kind === 'edit' ? editing.model.id : 'new'}
        client={client}
        controller={controller}
        model={editing.kind === 'edit' ? editing.model : null}
        onDone={() => setEditing({ kind: 'none' })}
        {...(requestPermission ? { requestPermission } : {})}
      />
    );
  }
  return (
    <div class="sa-models">
      {models.length === 0 ? <p>No models yet.</p> : null}
      <ul class="sa-list" aria-label="Models">
        {models.map((model) => (
          <li key={model.id} class="sa-list-item" data-testid="model-row">
            <div class="sa-grow">
              <strong>{model.name}</strong>
              {model.id === view?.general.activeModelId ? (
                <span class="sa-badge">Active</span>
              ) : null}
              {model.supportsVision ? (
                <span class="sa-badge" title="Supports vision">
                  V
                </span>
              ) : null}
              <div class="sa-hint">
                {`${PROVIDER_KIND_LABELS[model.kind]} · ${model.modelId} · ${model.baseUrl}`}
                {model.hasApiKey ? ` · key •••• ${model.apiKeyHint}` : ' · no key'}
              </div>
            </div>
            <button
              type="button"
              aria-label={`Edit ${model.name}`}
              onClick={() => setEditing({ kind: 'edit', model })}
            >
              Edit
            </button>
            <button
              type="button"
              aria-label={`Delete ${model.name}`}
              onClick={() => setDeleting(model)}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <button type="button" class="sa-primary" onClick={() => setEditing({ kind: 'add' })}>
        Add model
      </button>
      {error !== null ? (
        <p role="alert" class="sa-field-error">
          {error}
        </p>
      ) : null}
      {deleting !== null ? (
        <ConfirmDialog
          title="Delete model?"
          message={`"${deleting.name}" and its stored API key will be removed.`}
          confirmLabel="Delete model"
          isBusy={isBusy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
