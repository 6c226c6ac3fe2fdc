// ## Owns
// Sending a quick action chosen on the selection toolbar: read the selection of the
// served tab (with its lines and compiler messages), build the action's message and
// send it as a normal run, so its edits arrive as the usual reviewed diff (or are
// applied in Auto mode) and an explanation is an ordinary answer.
// ## Why the composer's attachments are set aside
// The action's message carries exactly the selection it was chosen on; whatever the
// person had attached for their own next message stays in the composer for it.
import { signal } from '@preact/signals';
import type { ProtocolError } from '../../shared/protocol/envelope';
import type { QuickActionRef } from '../../shared/protocol/quick-actions';
import type { GeneralSettings } from '../../shared/protocol/settings-messages';
import { createId } from '../../shared/lib/ids';
import type { ContextClient } from '../app/panel-api';
import type { AttachmentsController } from './attachments-controller';
import { buildQuickActionMessage } from './quick-action-message';

export interface QuickActionRunnerDeps {
  readonly client: ContextClient;
  readonly attachments: AttachmentsController;
  /** The settings as the worker confirmed them, loaded fresh. */
  readonly settings: () => Promise<Pick<
    GeneralSettings,
    'quickActionLanguage' | 'quickActions'
  > | null>;
  /** Whether a send or a run is under way (a quick action then waits for nothing: it is refused). */
  readonly busy: () => boolean;
  /** The normal send path; says whether a run started. */
  readonly send: (text: string) => Promise<string>;
}

export class QuickActionRunner {
  /** Why the last quick action sent nothing, in plain words. */
  readonly status = signal<string | null>(null);
  readonly error = signal<ProtocolError | null>(null);

  constructor(private readonly deps: QuickActionRunnerDeps) {}

  async run(ref: QuickActionRef, tabId: number): Promise<void> {
    this.status.value = null;
    this.error.value = null;
    if (this.deps.busy()) {
      this.status.value = 'An answer is still coming; choose the quick action again when it ends.';
      return;
    }
    const [facts, settings] = await Promise.all([
      this.deps.client.request('context/read-quick-action', { tabId }),
      this.deps.settings(),
    ]);
    if (!facts.ok) {
      this.error.value = facts.error;
      return;
    }
    if (facts.data === null) {
      this.status.value = 'Select some text in the editor first.';
      return;
    }
    if (!settings) {
      this.status.value = 'Settings could not be read; open Settings and try again.';
      return;
    }
    const built = buildQuickActionMessage(
      { ref, language: settings.quickActionLanguage, custom: settings.quickActions },
      facts.data,
    );
    if (!built.ok) {
      this.status.value = built.reason;
      return;
    }
    const { attachments } = this.deps;
    const own = attachments.items.peek();
    attachments.items.value = built.message.attachments.map((item) => ({
      id: createId(),
      tabId,
      ...item,
    }));
    try {
      await this.deps.send(built.message.text);
    } finally {
      attachments.items.value = own;
    }
  }
}
