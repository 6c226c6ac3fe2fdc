// ## Owns
// The panel's copy of settings: loaded from the worker, replaced only by what the
// worker returns after a successful save (persist first, then show).
// A failed save leaves the copy unchanged and reports the worker's error.
// ## Never
// Touches chrome.storage; the worker is the only storage owner.
import { signal } from '@preact/signals';
import type { ProtocolError, Result } from '../../shared/protocol/envelope';
import type {
  GeneralSettings,
  ModelInput,
  SettingsView,
} from '../../shared/protocol/settings-messages';
import type { SettingsClient } from './panel-client';

/** Settings state for one mounted view; every mutation goes through the worker. */
export class SettingsController {
  /** The last settings the worker confirmed, or null before the first load. */
  readonly view = signal<SettingsView | null>(null);
  /** The last load error (save errors are returned to the caller instead). */
  readonly loadError = signal<ProtocolError | null>(null);
  // Serializes mutations so two quick saves commit in the order they were made.
  private queue: Promise<unknown> = Promise.resolve();

  /** `onCommit` hears every save the worker confirmed (e.g. to refresh a picker). */
  constructor(
    private readonly client: SettingsClient,
    private readonly onCommit?: (view: SettingsView) => void,
  ) {}

  /** Loads (or reloads) settings from the worker. */
  async load(): Promise<void> {
    const result = await this.client.request('settings/get', {});
    if (result.ok) {
      this.view.value = result.data;
      this.loadError.value = null;
    } else {
      this.loadError.value = result.error;
    }
  }

  /** Saves part of the general settings. */
  saveGeneral(patch: Partial<GeneralSettings>): Promise<Result<SettingsView>> {
    return this.mutate(() => this.client.request('settings/save-general', { patch }));
  }

  /** Adds or updates a model. */
  saveModel(model: ModelInput): Promise<Result<SettingsView>> {
    return this.mutate(() => this.client.request('settings/save-model', { model }));
  }

  /** Deletes a model. */
  deleteModel(id: string): Promise<Result<SettingsView>> {
    return this.mutate(() => this.client.request('settings/delete-model', { id }));
  }

  private mutate(run: () => Promise<Result<SettingsView>>): Promise<Result<SettingsView>> {
    const next = this.queue.then(run).then((result) => {
      if (result.ok) {
        this.view.value = result.data;
        this.onCommit?.(result.data);
      }
      return result;
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}
