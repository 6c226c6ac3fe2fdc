// Export and import of memory. The file size is checked before a byte is read; the
// worker refuses files that are not memory exports and skips records that are
// malformed, repeated or carry secrets or scripts, saying how many and why.
import { useId, useState } from 'preact/hooks';
import { MAX_MEMORY_IMPORT_CHARS } from '../../../shared/protocol/memory-messages';
import type { MemoryClient } from '../../commands/slash-command';
import { downloadBlob, type DownloadBlob } from '../../sessions/session-transfer';
import { formatBytes } from '../../sessions/session-groups';
import { formatError } from '../form-field';

/** Props of {@link MemoryTransfer}. */
export interface MemoryTransferProps {
  readonly client: MemoryClient;
  readonly onImported: () => void;
  readonly download?: DownloadBlob | undefined;
}

/** Export and import controls and their result. */
export function MemoryTransfer({
  client,
  onImported,
  download = downloadBlob,
}: MemoryTransferProps) {
  const fileId = useId();
  const [status, setStatus] = useState<{ ok: boolean; lines: readonly string[] } | null>(null);
  const [isBusy, setBusy] = useState(false);
  const exportMemory = async () => {
    const result = await client.request('memory/export', {});
    if (!result.ok) return setStatus({ ok: false, lines: [formatError(result.error)] });
    if (result.data.count === 0) return setStatus({ ok: true, lines: ['Nothing to export.'] });
    const day = new Date().toISOString().slice(0, 10);
    download(
      new Blob([result.data.json], { type: 'application/json' }),
      `side-agent-memory-${day}.json`,
    );
    setStatus({ ok: true, lines: [`Exported ${result.data.count} memories.`] });
  };
  const importFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (file.size > MAX_MEMORY_IMPORT_CHARS)
      return setStatus({
        ok: false,
        lines: [
          `This file is ${formatBytes(file.size)}; the memory import limit is ${formatBytes(MAX_MEMORY_IMPORT_CHARS)}. Nothing was imported.`,
        ],
      });
    setBusy(true);
    const result = await client.request('memory/import', { json: await file.text() });
    setBusy(false);
    if (!result.ok)
      return setStatus({ ok: false, lines: [`Import refused: ${formatError(result.error)}`] });
    const { imported, skipped, reasons } = result.data;
    setStatus({
      ok: imported > 0 || skipped === 0,
      lines: [`Imported ${imported} memories; skipped ${skipped}.`, ...reasons],
    });
    if (imported > 0) onImported();
  };
  return (
    <section class="sa-transfer" aria-label="Export and import memory">
      <div class="sa-row">
        <button
          type="button"
          onClick={() => void exportMemory()}
          disabled={isBusy}
          data-testid="memory-export"
        >
          Export memory
        </button>
        <label for={fileId} class="sa-file-label">
          Import memory…
        </label>
        <input
          id={fileId}
          type="file"
          accept="application/json,.json"
          disabled={isBusy}
          data-testid="memory-import-file"
          onChange={(event) => void importFile(event.currentTarget)}
        />
      </div>
      <div
        role="status"
        class={status?.ok === false ? 'sa-field-error' : 'sa-hint'}
        data-testid="memory-transfer-status"
      >
        {status?.lines.map((line, index) => (
          <p key={index}>{line}</p>
        ))}
      </div>
    </section>
  );
}
