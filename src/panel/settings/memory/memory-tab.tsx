// Settings → Memory: the settings, what is remembered (edit, delete, clear all) and
// export / import. Records are shown as plain text.
import { useEffect, useState } from 'preact/hooks';
import type { MemoryView } from '../../../shared/protocol/memory-messages';
import type { MemoryClient } from '../../commands/slash-command';
import { ConfirmDialog } from '../../sessions/confirm-dialog';
import { formatError } from '../form-field';
import { MemoryRecordRow } from './memory-record-row';
import { MemorySettingsForm } from './memory-settings-form';
import { MemoryTransfer } from './memory-transfer';

/** Props of {@link MemoryTab}. */
export interface MemoryTabProps {
  readonly client: MemoryClient;
}

/** The Memory tab. */
export function MemoryTab({ client }: MemoryTabProps) {
  const [view, setView] = useState<MemoryView | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [isClearing, setClearing] = useState(false);
  const load = async () => {
    const result = await client.request('memory/list', {});
    if (result.ok) setView(result.data);
    else setMessage(formatError(result.error));
  };
  useEffect(() => void load(), [client]);
  if (view === null) return <p role="status">{message ?? 'Loading memory…'}</p>;
  const remove = async (id: string) => {
    const result = await client.request('memory/delete', { id });
    setMessage(result.ok ? null : formatError(result.error));
    await load();
  };
  const clearAll = async () => {
    const result = await client.request('memory/clear', {});
    setClearing(false);
    setMessage(result.ok ? `Deleted ${result.data.deleted} memories.` : formatError(result.error));
    await load();
  };
  return (
    <section class="sa-memory-tab" aria-label="Memory">
      <p class="sa-hint">
        What you ask Side Agent to remember (type /remember in the chat) is stored on this device
        and sent with each message as context, never as instructions. Secrets are never stored.
      </p>
      <MemorySettingsForm
        client={client}
        settings={view.settings}
        onSaved={(settings) => setView({ ...view, settings })}
      />
      {view.records.length === 0 ? (
        <p class="sa-empty" data-testid="memory-empty">
          Nothing remembered yet.
        </p>
      ) : (
        <ul class="sa-list" data-testid="memory-list" aria-label="Remembered">
          {view.records.map((record) => (
            <MemoryRecordRow
              key={record.id}
              record={record}
              onDelete={() => void remove(record.id)}
              onSave={async (text) => {
                const result = await client.request('memory/update', { id: record.id, text });
                if (!result.ok) return formatError(result.error);
                await load();
                return null;
              }}
            />
          ))}
        </ul>
      )}
      <div class="sa-row">
        <button
          type="button"
          data-testid="memory-clear"
          disabled={view.records.length === 0}
          onClick={() => setClearing(true)}
        >
          Clear all memory
        </button>
      </div>
      <MemoryTransfer client={client} onImported={() => void load()} />
      {message ? (
        <p class="sa-hint" role="status" data-testid="memory-message">
          {message}
        </p>
      ) : null}
      {isClearing ? (
        <ConfirmDialog
          title="Clear all memory?"
          message={`All ${view.records.length} memories will be deleted. Chats are not affected.`}
          confirmLabel="Clear memory"
          onConfirm={() => void clearAll()}
          onCancel={() => setClearing(false)}
        />
      ) : null}
    </section>
  );
}
