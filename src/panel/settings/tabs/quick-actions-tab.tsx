// Settings → Quick actions: the language Translate uses, and the person's own actions
// for the selection toolbar (a name and a message template with {{selection}} where
// the selected text goes). Each action is checked here with a plain message before
// anything is saved; the worker checks the saved list again with the same schema.
import { useState } from 'preact/hooks';
import type { GeneralSettings } from '../../../shared/protocol/settings-messages';
import {
  MAX_CUSTOM_QUICK_ACTIONS,
  SELECTION_PLACEHOLDER,
  TranslateLanguageSchema,
  checkCustomAction,
  type CustomQuickAction,
} from '../../../shared/protocol/quick-actions';
import { createId } from '../../../shared/lib/ids';
import { formatError, SaveRow, type SaveStatus } from '../form-field';
import type { SettingsController } from '../settings-controller';

export interface QuickActionsTabProps {
  readonly controller: SettingsController;
  readonly general: GeneralSettings;
}

interface Draft {
  readonly id: string;
  readonly name: string;
  readonly template: string;
}

/** Checks every draft; the first problem, named by its row, or the actions to save. */
export function checkDrafts(
  drafts: readonly Draft[],
): { ok: true; actions: CustomQuickAction[] } | { ok: false; message: string } {
  if (drafts.length > MAX_CUSTOM_QUICK_ACTIONS)
    return { ok: false, message: `At most ${MAX_CUSTOM_QUICK_ACTIONS} quick actions.` };
  const actions: CustomQuickAction[] = [];
  for (const [index, draft] of drafts.entries()) {
    const checked = checkCustomAction(draft);
    if (!checked.ok) return { ok: false, message: `Action ${index + 1}: ${checked.message}` };
    actions.push(checked.action);
  }
  return { ok: true, actions };
}

export function QuickActionsTab({ controller, general }: QuickActionsTabProps) {
  const [language, setLanguage] = useState(general.quickActionLanguage);
  const [drafts, setDrafts] = useState<readonly Draft[]>(general.quickActions);
  const [status, setStatus] = useState<SaveStatus>(null);

  const edit = (id: string, patch: Partial<Draft>) =>
    setDrafts((current) =>
      current.map((draft) => (draft.id === id ? { ...draft, ...patch } : draft)),
    );

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const parsedLanguage = TranslateLanguageSchema.safeParse(language);
    if (!parsedLanguage.success)
      return setStatus({
        ok: false,
        text: 'Name the language in words (letters and spaces, up to 40), for example "English".',
      });
    const checked = checkDrafts(drafts);
    if (!checked.ok) return setStatus({ ok: false, text: checked.message });
    const result = await controller.saveGeneral({
      quickActionLanguage: parsedLanguage.data,
      quickActions: checked.actions,
    });
    setStatus(
      result.ok ? { ok: true, text: 'Saved.' } : { ok: false, text: formatError(result.error) },
    );
  };

  return (
    <form class="sa-general" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p class="sa-hint">
        Select text in the editor to see the quick actions toolbar. Your own actions send their
        template as your message; the selected text goes with it as an attachment where the template
        says {SELECTION_PLACEHOLDER}. A template is only message text: it never changes what needs
        your approval.
      </p>
      <div class="sa-field">
        <label for="qa-language">Translate into</label>
        <input
          id="qa-language"
          data-testid="quick-action-language"
          value={language}
          maxLength={40}
          onInput={(event) => setLanguage(event.currentTarget.value)}
        />
      </div>
      {drafts.map((draft, index) => (
        <fieldset class="sa-field" key={draft.id} data-testid="quick-action-row">
          <legend>Action {index + 1}</legend>
          <label for={`qa-name-${draft.id}`}>Name</label>
          <input
            id={`qa-name-${draft.id}`}
            data-testid="quick-action-name"
            value={draft.name}
            onInput={(event) => edit(draft.id, { name: event.currentTarget.value })}
          />
          <label for={`qa-template-${draft.id}`}>Message template</label>
          <textarea
            id={`qa-template-${draft.id}`}
            data-testid="quick-action-template"
            rows={3}
            value={draft.template}
            onInput={(event) => edit(draft.id, { template: event.currentTarget.value })}
          />
          <button
            type="button"
            onClick={() => setDrafts((current) => current.filter((item) => item.id !== draft.id))}
          >
            Remove {draft.name.trim() || `action ${index + 1}`}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        data-testid="quick-action-add"
        disabled={drafts.length >= MAX_CUSTOM_QUICK_ACTIONS}
        onClick={() =>
          setDrafts((current) => [
            ...current,
            { id: createId(), name: '', template: `${SELECTION_PLACEHOLDER}` },
          ])
        }
      >
        Add a quick action
      </button>
      <SaveRow status={status} testId="quick-actions-save" />
    </form>
  );
}
