// ## Owns
// The few settings the chat shell reads: the models for the picker, the active
// model (and its prompt tier, which decides whether Dev mode is available) and the
// Editor edits mode, and whether strict secret mode masks what the panel shows.
// Saved through the worker; the panel's copy is
// replaced only by what the worker returns (the Settings view owns the rest).
import { computed, effect, signal } from '@preact/signals';
import type { ProtocolError } from '../../shared/protocol/envelope';
import type { EditMode } from '../../shared/protocol/run-messages';
import {
  resolvePromptTier,
  type ResolvedPromptTier,
} from '../../shared/models/resolve-prompt-tier';
import type {
  GeneralSettings,
  ModelView,
  SettingsView,
} from '../../shared/protocol/settings-messages';
import { normalizeEditMode } from '../composer/edit-mode';
import { secretMasking } from '../markdown/secret-masking';
import type { PanelSettingsClient } from './panel-api';

/** The shell's copy of the settings it needs. */
export class PanelSettings {
  readonly view = signal<SettingsView | null>(null);
  readonly error = signal<ProtocolError | null>(null);
  /** The Editor edits mode; unknown or missing values are Ask. */
  readonly editMode = computed<EditMode>(() =>
    normalizeEditMode(this.view.value?.general.editMode),
  );
  /** The active model's id when it still exists, else the first model's. */
  readonly activeModelId = computed<string | null>(() => {
    const view = this.view.value;
    if (!view) return null;
    const active = view.general.activeModelId;
    if (active && view.models.some((model) => model.id === active)) return active;
    return view.models[0]?.id ?? null;
  });

  /** The active model as saved, or null when there is none. */
  readonly activeModel = computed<ModelView | null>(
    () => this.view.value?.models.find((model) => model.id === this.activeModelId.value) ?? null,
  );
  /** The active model's prompt tier and why it has it, or null without a model. */
  readonly activeTier = computed<ResolvedPromptTier | null>(() => {
    const model = this.activeModel.value;
    return model ? resolvePromptTier(model) : null;
  });

  constructor(private readonly client: PanelSettingsClient) {
    // The panel masks what it shows exactly while the confirmed settings say so.
    effect(() => {
      secretMasking.value = this.view.value?.general.strictSecretMode === true;
    });
  }

  async load(): Promise<void> {
    const result = await this.client.request('settings/get', {});
    if (result.ok) {
      this.view.value = result.data;
      this.error.value = null;
    } else {
      this.error.value = result.error;
    }
  }

  setEditMode(editMode: EditMode): Promise<void> {
    return this.save({ editMode: normalizeEditMode(editMode) });
  }

  setActiveModel(activeModelId: string): Promise<void> {
    return this.save({ activeModelId });
  }

  private async save(patch: Partial<GeneralSettings>): Promise<void> {
    const result = await this.client.request('settings/save-general', { patch });
    if (result.ok) this.view.value = result.data;
    else this.error.value = result.error;
  }
}
