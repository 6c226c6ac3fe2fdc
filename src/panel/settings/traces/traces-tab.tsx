// Settings → Traces: the opt-in switch for recording each run (off by default), the
// retention limits (runs kept, megabytes kept; the oldest go first) and the link to
// the Traces page, which shows, exports and deletes what was recorded.
import { useEffect, useState } from 'preact/hooks';
import type { TraceSettings } from '../../../shared/protocol/trace-records';
import type { SettingsViewClient } from '../panel-client';
import { formatError, SaveRow, type SaveStatus } from '../form-field';

/** Where the Traces page lives; the extension's own page outside tests. */
export function tracesPageUrl(): string {
  return typeof chrome !== 'undefined' && chrome.runtime?.getURL
    ? chrome.runtime.getURL('/traces.html')
    : '/traces.html';
}

function NumberField(props: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  return (
    <div class="sa-field">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        data-testid={props.id}
        type="number"
        min={props.min}
        max={props.max}
        value={props.value}
        onInput={(event) => props.onChange(Number(event.currentTarget.value))}
      />
    </div>
  );
}

export function TracesTab({ client }: { readonly client: SettingsViewClient }) {
  const [settings, setSettings] = useState<TraceSettings | null>(null);
  const [status, setStatus] = useState<SaveStatus>(null);
  useEffect(() => {
    void client.request('traces/list', {}).then((result) => {
      if (result.ok) setSettings(result.data.settings);
      else setStatus({ ok: false, text: formatError(result.error) });
    });
  }, [client]);
  if (!settings) return <p role="status">{status?.text ?? 'Loading trace settings…'}</p>;
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const result = await client.request('traces/save-settings', settings);
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
            checked={settings.enabled}
            data-testid="traces-enabled"
            onChange={(event) => setSettings({ ...settings, enabled: event.currentTarget.checked })}
          />
          {' Record a trace of each run (model requests and answers, tool calls, approvals)'}
        </label>
        <p class="sa-hint">
          Traces stay in this browser. API keys, passwords and other secrets are removed before
          anything is stored.
        </p>
      </div>
      <NumberField
        id="traces-max-runs"
        label="Runs kept"
        value={settings.maxRuns}
        min={1}
        max={1_000}
        onChange={(maxRuns) => setSettings({ ...settings, maxRuns })}
      />
      <NumberField
        id="traces-max-megabytes"
        label="Megabytes kept"
        value={settings.maxMegabytes}
        min={1}
        max={2_000}
        onChange={(maxMegabytes) => setSettings({ ...settings, maxMegabytes })}
      />
      <SaveRow status={status} testId="traces-save-settings" />
      <p>
        <a href={tracesPageUrl()} target="_blank" rel="noopener" data-testid="traces-open">
          Open the Traces page
        </a>
      </p>
    </form>
  );
}
