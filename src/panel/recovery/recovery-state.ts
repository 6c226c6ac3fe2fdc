// ## Owns
// The panel's view of recovery for the shown chat: its revert checkpoints (refreshed
// whenever the chat's turns change), the Revert request with its outcome message, and
// the snapshot requests. The worker decides everything; this only asks and reloads
// the chat, which the worker has already marked (reverted receipts, editor events).
import { signal } from '@preact/signals';
import type { ReadonlySignal } from '@preact/signals';
import { createClient, type Client, type RequestTransport } from '../../shared/protocol/client';
import type { ChatScope } from '../../shared/protocol/chat-records';
import { defineRequestChannel } from '../../shared/protocol/define-channel';
import type { ProtocolError } from '../../shared/protocol/envelope';
import type { TabSite } from '../../shared/protocol/site-catalog';
import {
  recoveryRequestMethods,
  type CheckpointSummary,
} from '../../shared/protocol/recovery-messages';

/** The recovery methods of the panel channel. */
export const recoveryChannel = defineRequestChannel(
  'panel-to-worker',
  ['extension-page'],
  recoveryRequestMethods,
);
export type RecoveryClient = Client<typeof recoveryChannel>;

/** What recovery needs from the chat: which chat is shown, and reloading it. */
export interface RecoveryChatPort {
  readonly sessionId: string | null;
  readonly scope: ReadonlySignal<ChatScope | null>;
  reload(): Promise<boolean>;
}

/** The outcome line shown under the transcript after a revert or restore. */
export interface RecoveryMessage {
  readonly kind: 'success' | 'error';
  readonly text: string;
}

/** Recovery state of the panel. */
export class RecoveryState {
  readonly checkpoints = signal<readonly CheckpointSummary[]>([]);
  readonly message = signal<RecoveryMessage | null>(null);
  readonly busy = signal(false);
  readonly client: RecoveryClient;

  constructor(
    transport: RequestTransport,
    private readonly site: ReadonlySignal<TabSite | null>,
    private readonly chat: RecoveryChatPort,
  ) {
    this.client = createClient(recoveryChannel, transport);
  }

  /** The request scope of the shown chat on the served tab, or null. */
  scope(): { tabId: number; scope: ChatScope; sessionId: string } | null {
    const site = this.site.peek();
    const scope = this.chat.scope.peek();
    const sessionId = this.chat.sessionId;
    return site && scope && sessionId ? { tabId: site.tabId, scope, sessionId } : null;
  }

  /** Reloads the chat's checkpoints (the worker reconciles interrupted ones first). */
  async refresh(): Promise<void> {
    const request = this.scope();
    if (!request) return void (this.checkpoints.value = []);
    const result = await this.client.request('recovery/list-checkpoints', request);
    if (result.ok && this.chat.sessionId === request.sessionId)
      this.checkpoints.value = result.data.checkpoints;
  }

  /** Reverts a response (and every later one); reports full or partial progress. */
  async revert(checkpointId: string): Promise<void> {
    const request = this.scope();
    if (!request || this.busy.peek()) return;
    this.busy.value = true;
    try {
      const result = await this.client.request('recovery/revert', { ...request, checkpointId });
      if (result.ok) {
        const count = result.data.revertedCheckpointIds.length;
        this.message.value = {
          kind: 'success',
          text: `Reverted ${count} response${count === 1 ? '' : 's'}.`,
        };
      } else this.message.value = { kind: 'error', text: describeFailure(result.error) };
      await this.chat.reload();
      await this.refresh();
    } finally {
      this.busy.value = false;
    }
  }

  /** Notes a snapshot restore and reloads the chat (the worker added the editor event). */
  async restored(): Promise<void> {
    this.message.value = {
      kind: 'success',
      text: 'Restored the saved version. The previous text was kept as "Before restore".',
    };
    await this.chat.reload();
    await this.refresh();
  }
}

/** The failure text, with partial progress when a cascade stopped mid-way. */
export function describeFailure(error: ProtocolError): string {
  const details = error.details ?? {};
  const count = typeof details.revertedCount === 'number' ? details.revertedCount : null;
  const total = typeof details.totalCount === 'number' ? details.totalCount : null;
  const progress = count !== null && total !== null ? ` (${count} of ${total} reverted)` : '';
  return `${error.message}${progress}`;
}
