// Settings → General: active model, auto-naming, custom system prompt, history
// limit, send shortcut and the default edit mode. One form, one save: the worker
// validates the patch and returns the settings it stored.
import { useId, useState } from 'preact/hooks';
import type { GeneralSettings } from '../../shared/protocol/settings-messages';
import { Field, describedBy, formatError, SaveRow } from './form-field';
import type { SettingsController } from './settings-controller';

/** Props of {@link GeneralTab}. */
export interface GeneralTabProps {
  readonly controller: SettingsController;
  readonly general: GeneralSettings;
}

const SHORTCUT_LABELS: Readonly<Record<GeneralSettings['sendShortcut'], string>> = {
  enter: 'Enter sends (Shift+Enter for a new line)',
  'ctrl-enter': 'Ctrl+Enter sends (Enter for a new line)',
};

/** The general settings form. */
export function GeneralTab({ controller, general }: GeneralTabProps) {
  const ids = {
    active: useId(),
    naming: useId(),
    prompt: useId(),
    history: useId(),
    shortcut: useId(),
    mode: useId(),
  };
  const models = controller.view.value?.models ?? [];
  const [draft, setDraft] = useState({
    ...general,
    historyTurnLimit: String(general.historyTurnLimit),
  });
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [historyError, setHistoryError] = useState<string | undefined>(undefined);
  const update = (patch: Partial<typeof draft>) =>
    setDraft((current) => ({ ...current, ...patch }));

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const limit = Number(draft.historyTurnLimit);
    if (!Number.isInteger(limit) || limit < 4 || limit > 400) {
      setHistoryError('Enter a whole number of turns between 4 and 400.');
      return;
    }
    setHistoryError(undefined);
    // Only this tab's keys: the other tabs save theirs, and a key added for a new tab
    // must not be overwritten from this form's older copy.
    const own: Partial<GeneralSettings> = {
      activeModelId: draft.activeModelId,
      autoNameSessions: draft.autoNameSessions,
      autoNameModelId: draft.autoNameModelId,
      customSystemPrompt: draft.customSystemPrompt,
      editMode: draft.editMode,
      sendShortcut: draft.sendShortcut,
    };
    const result = await controller.saveGeneral({ ...own, historyTurnLimit: limit });
    setStatus(
      result.ok ? { ok: true, text: 'Saved.' } : { ok: false, text: formatError(result.error) },
    );
  };

  const modelOptions = models.map((model) => (
    <option key={model.id} value={model.id}>
      {model.name}
    </option>
  ));
  return (
    <form class="sa-general" onSubmit={(event) => void onSubmit(event)} noValidate>
      <Field id={ids.active} label="Active model">
        <select
          id={ids.active}
          value={draft.activeModelId ?? ''}
          onChange={(event) => update({ activeModelId: event.currentTarget.value || null })}
        >
          <option value="">{models.length === 0 ? 'No models yet' : 'None'}</option>
          {modelOptions}
        </select>
      </Field>
      <div class="sa-field">
        <label>
          <input
            type="checkbox"
            checked={draft.autoNameSessions}
            onChange={(event) => update({ autoNameSessions: event.currentTarget.checked })}
          />
          {' Name new chats automatically'}
        </label>
      </div>
      <Field
        id={ids.naming}
        label="Naming model"
        hint="A small, fast model is enough for 2–4 word titles."
      >
        <select
          id={ids.naming}
          value={draft.autoNameModelId ?? ''}
          disabled={!draft.autoNameSessions}
          aria-describedby={describedBy(ids.naming, true, false)}
          onChange={(event) => update({ autoNameModelId: event.currentTarget.value || null })}
        >
          <option value="">Same as the active model</option>
          {modelOptions}
        </select>
      </Field>
      <Field
        id={ids.prompt}
        label="Custom system prompt"
        hint="Empty uses the built-in prompt. The language and trust sections are always added."
      >
        <textarea
          id={ids.prompt}
          rows={6}
          maxLength={20_000}
          value={draft.customSystemPrompt}
          aria-describedby={describedBy(ids.prompt, true, false)}
          onInput={(event) => update({ customSystemPrompt: event.currentTarget.value })}
        />
      </Field>
      <Field
        id={ids.history}
        label="History turn limit"
        error={historyError}
        hint="Turns sent verbatim before older ones are summarized (4–400)."
      >
        <input
          id={ids.history}
          type="number"
          min={4}
          max={400}
          value={draft.historyTurnLimit}
          aria-invalid={historyError !== undefined}
          aria-describedby={describedBy(ids.history, true, historyError !== undefined)}
          onInput={(event) => update({ historyTurnLimit: event.currentTarget.value })}
        />
      </Field>
      <Field id={ids.shortcut} label="Send shortcut">
        <select
          id={ids.shortcut}
          value={draft.sendShortcut}
          onChange={(event) =>
            update({ sendShortcut: event.currentTarget.value as GeneralSettings['sendShortcut'] })
          }
        >
          {Object.entries(SHORTCUT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <Field id={ids.mode} label="Editor edits by default">
        <select
          id={ids.mode}
          value={draft.editMode}
          onChange={(event) =>
            update({ editMode: event.currentTarget.value as GeneralSettings['editMode'] })
          }
        >
          <option value="ask">Ask before applying</option>
          <option value="auto">Auto approve</option>
        </select>
      </Field>
      <SaveRow status={status} />
    </form>
  );
}
