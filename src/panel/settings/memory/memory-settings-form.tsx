// Settings → Memory, the settings part: memory on or off, auto-learn (off by
// default) and the most characters a request's memory block may take.
import { useId, useState } from 'preact/hooks';
import { MEMORY_CHARS, type MemorySettings } from '../../../shared/protocol/memory-messages';
import type { MemoryClient } from '../../commands/slash-command';
import { Field, describedBy, formatError, SaveRow } from '../form-field';

/** Props of {@link MemorySettingsForm}. */
export interface MemorySettingsFormProps {
  readonly client: MemoryClient;
  readonly settings: MemorySettings;
  readonly onSaved: (settings: MemorySettings) => void;
}

/** The memory settings form. */
export function MemorySettingsForm({ client, settings, onSaved }: MemorySettingsFormProps) {
  const capId = useId();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [autoLearn, setAutoLearn] = useState(settings.autoLearn);
  const [cap, setCap] = useState(String(settings.maxChars));
  const [capError, setCapError] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const maxChars = Number(cap);
    if (!Number.isInteger(maxChars) || maxChars < MEMORY_CHARS.min || maxChars > MEMORY_CHARS.max) {
      setCapError(`Enter a whole number between ${MEMORY_CHARS.min} and ${MEMORY_CHARS.max}.`);
      return;
    }
    setCapError(undefined);
    const result = await client.request('memory/save-settings', { enabled, autoLearn, maxChars });
    if (!result.ok) return setStatus({ ok: false, text: formatError(result.error) });
    setStatus({ ok: true, text: 'Saved.' });
    onSaved(result.data);
  };
  return (
    <form class="sa-general" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div class="sa-field">
        <label>
          <input
            type="checkbox"
            checked={enabled}
            data-testid="memory-enabled"
            onChange={(event) => setEnabled(event.currentTarget.checked)}
          />
          {' Use memory in chats (sent to the model as context with each message)'}
        </label>
      </div>
      <div class="sa-field">
        <label>
          <input
            type="checkbox"
            checked={autoLearn}
            data-testid="memory-auto-learn"
            onChange={(event) => setAutoLearn(event.currentTarget.checked)}
          />
          {' Suggest things to remember after a chat (off by default)'}
        </label>
      </div>
      <Field
        id={capId}
        label="Most characters of memory per message"
        error={capError}
        hint={`Records that do not fit are left out (${MEMORY_CHARS.min}–${MEMORY_CHARS.max}).`}
      >
        <input
          id={capId}
          type="number"
          min={MEMORY_CHARS.min}
          max={MEMORY_CHARS.max}
          value={cap}
          data-testid="memory-max-chars"
          aria-invalid={capError !== undefined}
          aria-describedby={describedBy(capId, true, capError !== undefined)}
          onInput={(event) => setCap(event.currentTarget.value)}
        />
      </Field>
      <SaveRow status={status} testId="memory-save-settings" />
    </form>
  );
}
