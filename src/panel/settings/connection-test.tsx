// "Test connection" for the model form: asks the worker to reach the provider with
// the unsaved form values and says plainly what happened — latency and whether the
// model id is listed, or what failed in plain words.
import { useState } from 'preact/hooks';
import type { ModelCheckSchema, ModelInput } from '../../shared/protocol/settings-messages';
import type { z } from '../../shared/schema/zod';
import type { SettingsClient } from './panel-client';
import { formErrorText } from '../errors/error-text';

type ModelCheck = z.infer<typeof ModelCheckSchema>;

/** One line a person can read for a check result. */
export function describeCheck(check: ModelCheck, modelId: string): string {
  if (!check.ok) {
    const status = check.status !== undefined ? ` (HTTP ${check.status})` : '';
    return `Failed: ${check.message}${status}`;
  }
  const latency = `Connected in ${Math.round(check.latencyMs)} ms.`;
  if (check.isModelListed === null) return `${latency} The provider did not return a model list.`;
  const listed = check.isModelListed ? 'is listed' : 'is not listed';
  const count = `${check.modelCount} model${check.modelCount === 1 ? '' : 's'} available`;
  return `${latency} ${count}; "${modelId}" ${listed}.`;
}

/** Props of {@link ConnectionTest}. */
export interface ConnectionTestProps {
  readonly client: SettingsClient;
  /** Returns the draft to test, or null when the form has inline errors. */
  readonly getInput: () => ModelInput | null;
}

/** The Test connection button and its result. */
export function ConnectionTest({ client, getInput }: ConnectionTestProps) {
  const [isRunning, setRunning] = useState(false);
  const [result, setResult] = useState<{ text: string; ok: boolean } | null>(null);
  const run = async () => {
    const input = getInput();
    if (input === null) return;
    setRunning(true);
    setResult(null);
    const response = await client.request('settings/test-model', { draft: input });
    setRunning(false);
    if (!response.ok) {
      setResult({ ok: false, text: `Failed: ${formErrorText(response.error)}` });
      return;
    }
    setResult({ ok: response.data.ok, text: describeCheck(response.data, input.modelId) });
  };
  return (
    <div class="sa-connection-test">
      <button
        type="button"
        onClick={() => void run()}
        disabled={isRunning}
        data-testid="test-connection"
      >
        {isRunning ? 'Testing…' : 'Test connection'}
      </button>
      <p
        role="status"
        class={result === null ? 'sa-hint' : result.ok ? 'sa-ok' : 'sa-field-error'}
        data-testid="test-result"
      >
        {result?.text ?? ''}
      </p>
    </div>
  );
}
