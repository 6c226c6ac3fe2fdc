// Settings → Completion: inline completion (ghost text) on or off, its model and delay,
// and the figures counted on this device: the median time from request to ghost text
// and how many shown completions were accepted with Tab.
import { useEffect, useId, useState } from 'preact/hooks';
import {
  COMPLETION_DELAY_RANGE,
  type GeneralSettings,
} from '../../shared/protocol/settings-messages';
import { Field, describedBy, formatError, SaveRow } from './form-field';
import type { SettingsClient } from './panel-client';
import type { SettingsController } from './settings-controller';

/** Props of {@link CompletionTab}. */
export interface CompletionTabProps {
  readonly client: SettingsClient;
  readonly controller: SettingsController;
  readonly general: GeneralSettings;
}

interface Figures {
  readonly shown: number;
  readonly accepted: number;
  readonly medianLatencyMs: number | null;
  readonly acceptanceRate: number | null;
}

function describeFigures(figures: Figures | null): string {
  if (!figures) return 'Loading the figures…';
  if (figures.shown === 0) return 'No completion shown yet on this device.';
  const latency =
    figures.medianLatencyMs === null ? '' : `median ${Math.round(figures.medianLatencyMs)} ms`;
  const rate =
    figures.acceptanceRate === null ? '' : `${Math.round(figures.acceptanceRate * 100)} % accepted`;
  return `${figures.shown} shown, ${figures.accepted} accepted (${rate}); ${latency} from request to ghost text.`;
}

/** The completion settings form and its local figures. */
export function CompletionTab({ client, controller, general }: CompletionTabProps) {
  const ids = { model: useId(), delay: useId() };
  const models = controller.view.value?.models ?? [];
  const [enabled, setEnabled] = useState(general.completionEnabled);
  const [modelId, setModelId] = useState(general.completionModelId);
  const [delay, setDelay] = useState(String(general.completionDelayMs));
  const [delayError, setDelayError] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [figures, setFigures] = useState<Figures | null>(null);

  useEffect(() => {
    let live = true;
    void client.request('settings/completion-stats', {}).then((result) => {
      if (live && result.ok) setFigures(result.data);
    });
    return () => {
      live = false;
    };
  }, [client]);

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const delayMs = Number(delay);
    const { min, max } = COMPLETION_DELAY_RANGE;
    if (!Number.isInteger(delayMs) || delayMs < min || delayMs > max) {
      setDelayError(`Enter a whole number of milliseconds between ${min} and ${max}.`);
      return;
    }
    setDelayError(undefined);
    const result = await controller.saveGeneral({
      completionEnabled: enabled,
      completionModelId: modelId,
      completionDelayMs: delayMs,
    });
    setStatus(
      result.ok ? { ok: true, text: 'Saved.' } : { ok: false, text: formatError(result.error) },
    );
  };

  return (
    <form class="sa-general" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div class="sa-field">
        <label>
          <input
            type="checkbox"
            checked={enabled}
            onChange={(event) => setEnabled(event.currentTarget.checked)}
          />
          {' Suggest a continuation as you type (Tab accepts, Escape dismisses)'}
        </label>
      </div>
      <Field
        id={ids.model}
        label="Completion model"
        hint="A small, fast model suits completion. The text around the cursor is sent to it."
      >
        <select
          id={ids.model}
          value={modelId ?? ''}
          disabled={!enabled}
          aria-describedby={describedBy(ids.model, true, false)}
          onChange={(event) => setModelId(event.currentTarget.value || null)}
        >
          <option value="">Same as the active model</option>
          {models.map((model) => (
            <option key={model.id} value={model.id}>
              {model.name}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id={ids.delay}
        label="Delay after the last key (ms)"
        error={delayError}
        hint={`How long to wait before asking (${COMPLETION_DELAY_RANGE.min}–${COMPLETION_DELAY_RANGE.max}).`}
      >
        <input
          id={ids.delay}
          type="number"
          min={COMPLETION_DELAY_RANGE.min}
          max={COMPLETION_DELAY_RANGE.max}
          value={delay}
          disabled={!enabled}
          aria-invalid={delayError !== undefined}
          aria-describedby={describedBy(ids.delay, true, delayError !== undefined)}
          onInput={(event) => setDelay(event.currentTarget.value)}
        />
      </Field>
      <p class="sa-hint" data-testid="completion-figures">
        {describeFigures(figures)}
      </p>
      <SaveRow status={status} />
    </form>
  );
}
