// Settings → Traces: the opt-in switch for recording each run (off by default), the
// retention limits (runs kept, megabytes kept; the oldest go first) and the link to
// the Traces page, which shows, exports and deletes what was recorded.
import { useEffect, useState } from 'preact/hooks';
import type { TraceSettings } from '../../../shared/protocol/trace-records';
import type { TracesViewClient } from '../panel-client';
import { formatError, NumberField, SaveRow, type SaveStatus } from '../form-field';

/** Where the Traces page lives; the extension's own page outside tests. */
export function tracesPageUrl(): string {
  return typeof chrome !== 'undefined' && chrome.runtime?.getURL
    ? chrome.runtime.getURL('/traces.html')
    : '/traces.html';
}

/** The retention limits as typed; each is read and checked on Save. */
const LIMITS = {
  maxRuns: { label: 'Runs kept', min: 1, max: 1_000, testId: 'traces-max-runs' },
  maxMegabytes: { label: 'Megabytes kept', min: 1, max: 2_000, testId: 'traces-max-megabytes' },
} as const;
type LimitName = keyof typeof LIMITS;

/** The whole number typed for `name`, or the words that say what is wrong with it. */
export function readLimit(name: LimitName, text: string): number | string {
  const { label, min, max } = LIMITS[name];
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isInteger(value) || value < min || value > max)
    return `${label} must be a whole number from ${min} to ${max.toLocaleString('en-US')}.`;
  return value;
}

export function TracesTab({ client }: { readonly client: TracesViewClient }) {
  const [settings, setSettings] = useState<TraceSettings | null>(null);
  const [status, setStatus] = useState<SaveStatus>(null);
  const [texts, setTexts] = useState<Record<LimitName, string>>({ maxRuns: '', maxMegabytes: '' });
  const [errors, setErrors] = useState<Partial<Record<LimitName, string>>>({});
  useEffect(() => {
    void client.request('traces/list', {}).then((result) => {
      if (result.ok) {
        setSettings(result.data.settings);
        setTexts({
          maxRuns: String(result.data.settings.maxRuns),
          maxMegabytes: String(result.data.settings.maxMegabytes),
        });
      } else setStatus({ ok: false, text: formatError(result.error) });
    });
  }, [client]);
  if (!settings) return <p role="status">{status?.text ?? 'Loading trace settings…'}</p>;
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const maxRuns = readLimit('maxRuns', texts.maxRuns);
    const maxMegabytes = readLimit('maxMegabytes', texts.maxMegabytes);
    const found = {
      ...(typeof maxRuns === 'string' ? { maxRuns } : {}),
      ...(typeof maxMegabytes === 'string' ? { maxMegabytes } : {}),
    };
    setErrors(found);
    if (typeof maxRuns === 'string' || typeof maxMegabytes === 'string') {
      setStatus({ ok: false, text: 'Nothing was saved: fix the marked field first.' });
      return;
    }
    const result = await client.request('traces/save-settings', {
      ...settings,
      maxRuns,
      maxMegabytes,
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
      {(Object.keys(LIMITS) as LimitName[]).map((name) => (
        <NumberField
          key={name}
          label={LIMITS[name].label}
          hint={`The oldest go first; ${LIMITS[name].min} to ${LIMITS[name].max.toLocaleString('en-US')}.`}
          error={errors[name]}
          value={texts[name]}
          testId={LIMITS[name].testId}
          onInput={(text) => setTexts((current) => ({ ...current, [name]: text }))}
        />
      ))}
      <SaveRow status={status} testId="traces-save-settings" />
      <p>
        <a href={tracesPageUrl()} target="_blank" rel="noopener" data-testid="traces-open">
          Open the Traces page
        </a>
      </p>
    </form>
  );
}
