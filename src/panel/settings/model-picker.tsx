// The header's model picker: selects the active model through the worker
// (settings/save-general), which refuses unknown ids. A "V" badge marks a
// vision model. Model names are rendered as text.
import { useEffect, useId, useMemo } from 'preact/hooks';
import { formatError } from './form-field';
import type { SettingsClient } from './panel-client';
import { SettingsController } from './settings-controller';
import { useSignal } from '@preact/signals';
import './settings.css';

/** Props of {@link ModelPicker}. */
export interface ModelPickerProps {
  readonly client: SettingsClient;
  /** Change it to reload the models, e.g. after Settings closes. */
  readonly revision?: number;
}

/** A labelled select of the saved models. */
export function ModelPicker({ client, revision = 0 }: ModelPickerProps) {
  const id = useId();
  const controller = useMemo(() => new SettingsController(client), [client]);
  const error = useSignal<string | null>(null);
  useEffect(() => {
    void controller.load();
  }, [controller, revision]);
  const view = controller.view.value;
  const models = view?.models ?? [];
  const activeId = view?.general.activeModelId ?? '';
  const active = models.find((model) => model.id === activeId);
  const select = async (modelId: string) => {
    const result = await controller.saveGeneral({ activeModelId: modelId === '' ? null : modelId });
    error.value = result.ok ? null : formatError(result.error);
  };
  return (
    <div class="sa-model-picker">
      <label for={id} class="sa-visually-hidden">
        Model
      </label>
      <select
        id={id}
        value={activeId}
        disabled={models.length === 0}
        title={error.value ?? active?.name ?? 'No model'}
        data-testid="model-picker"
        onChange={(event) => void select(event.currentTarget.value)}
      >
        {models.length === 0 || active === undefined ? (
          <option value="">{models.length === 0 ? 'No models' : 'Pick a model'}</option>
        ) : null}
        {models.map((model) => (
          <option key={model.id} value={model.id}>
            {model.supportsVision ? `${model.name} (vision)` : model.name}
          </option>
        ))}
      </select>
      {active?.supportsVision ? (
        <span class="sa-badge" title="Supports vision">
          V
        </span>
      ) : null}
      {error.value !== null ? (
        <span role="alert" class="sa-field-error">
          {error.value}
        </span>
      ) : null}
    </div>
  );
}
