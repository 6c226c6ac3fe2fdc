// Export and import of chats. Export downloads the worker's versioned JSON as a
// timestamped file; import checks the file size before reading a byte (the
// worker then validates record by record) and reports what it took and refused.
import { useId, useState } from 'preact/hooks';
import { MAX_IMPORT_CHARS } from '../../shared/protocol/session-messages';
import { formatError } from '../settings/form-field';
import type { SessionsClient } from '../settings/panel-client';
import { exportFileName, formatBytes } from './session-groups';

/** Saves a Blob as a file. */
export type DownloadBlob = (blob: Blob, fileName: string) => void;

/** The browser download: a temporary object URL on an `<a download>` link. */
export const downloadBlob: DownloadBlob = (blob, fileName) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: Chromium reads the URL after the click event returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

/** Props of {@link SessionTransfer}. */
export interface SessionTransferProps {
  readonly client: SessionsClient;
  /** Called after an import wrote chats. */
  readonly onImported: () => void;
  /** Injected in tests; defaults to {@link downloadBlob}. */
  readonly download?: DownloadBlob | undefined;
}

interface ImportReport {
  readonly imported: number;
  readonly rejected: number;
  readonly errors: readonly string[];
}

/** Export and import controls with their results. */
export function SessionTransfer({
  client,
  onImported,
  download = downloadBlob,
}: SessionTransferProps) {
  const fileId = useId();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [isBusy, setBusy] = useState(false);

  const exportChats = async () => {
    setBusy(true);
    const result = await client.request('session/export', {});
    setBusy(false);
    if (!result.ok) return setStatus({ ok: false, text: formatError(result.error) });
    if (result.data.sessionCount === 0) return setStatus({ ok: true, text: 'Nothing to export.' });
    download(
      new Blob([result.data.json], { type: 'application/json' }),
      exportFileName(new Date()),
    );
    setStatus({ ok: true, text: `Exported ${result.data.sessionCount} chats.` });
  };

  const importFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setReport(null);
    // Checked before reading: a huge file must not be pulled into memory at all.
    if (file.size > MAX_IMPORT_CHARS) {
      return setStatus({
        ok: false,
        text: `This file is ${formatBytes(file.size)}; the import limit is ${formatBytes(MAX_IMPORT_CHARS)}.`,
      });
    }
    setBusy(true);
    const result = await client.request('session/import', { json: await file.text() });
    setBusy(false);
    if (!result.ok)
      return setStatus({ ok: false, text: `Import failed: ${formatError(result.error)}` });
    setStatus(null);
    setReport(result.data);
    if (result.data.imported > 0) onImported();
  };

  return (
    <section class="sa-transfer" aria-label="Export and import">
      <div class="sa-row">
        <button
          type="button"
          onClick={() => void exportChats()}
          disabled={isBusy}
          data-testid="export-chats"
        >
          Export chats
        </button>
        <label for={fileId} class="sa-file-label">
          Import chats…
        </label>
        <input
          id={fileId}
          type="file"
          accept="application/json,.json"
          disabled={isBusy}
          data-testid="import-file"
          onChange={(event) => void importFile(event.currentTarget)}
        />
      </div>
      <p
        role="status"
        class={status?.ok === false ? 'sa-field-error' : 'sa-hint'}
        data-testid="transfer-status"
      >
        {status?.text ?? ''}
      </p>
      {report !== null ? (
        <div role="status" data-testid="import-report">
          <p>{`Imported ${report.imported} chats; rejected ${report.rejected}.`}</p>
          {report.errors.length > 0 ? (
            <ul class="sa-errors">
              {report.errors.map((message, index) => (
                <li key={index}>{message}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
