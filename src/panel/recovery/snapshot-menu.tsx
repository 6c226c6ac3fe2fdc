// The Snapshot menu: recovery points of the focused file (this chat's automatic
// snapshot and "Before restore" copies), a current-to-saved diff preview, and Restore
// or Delete, each confirmed in the panel. Every string is rendered as text.
import { useEffect, useState } from 'preact/hooks';
import type { DiffView } from '../../shared/protocol/diff-view';
import type { SnapshotSummary } from '../../shared/protocol/recovery-messages';
import { describeFailure, type RecoveryState } from './recovery-state';

const KIND_LABELS = { automatic: 'After the last response', rescue: 'Before restore' } as const;

function DiffRows({ diff }: { readonly diff: DiffView }) {
  return (
    <div class="diff-body snapshot-diff" data-testid="snapshot-diff">
      <p class="muted">{`${diff.fileLabel}: +${diff.additions} \u2212${diff.deletions}${diff.truncated ? ' (shortened)' : ''}`}</p>
      {diff.hunks.map((hunk, index) => (
        <div class="diff-hunk" key={index}>
          {hunk.rows.map((row, rowIndex) => (
            <div class={`diff-row diff-${row.kind}`} key={rowIndex}>
              {`${row.kind === 'insert' ? '+' : row.kind === 'delete' ? '\u2212' : ' '} ${row.text}`}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/** The snapshot menu of the shown chat. */
export function SnapshotMenu({
  state,
  onClose,
}: {
  readonly state: RecoveryState;
  readonly onClose: () => void;
}) {
  const [snapshots, setSnapshots] = useState<readonly SnapshotSummary[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ noChanges: boolean; diff: DiffView | null } | null>(
    null,
  );
  const [confirm, setConfirm] = useState<'restore' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = async () => {
    const request = state.scope();
    if (!request) return;
    const result = await state.client.request('recovery/list-snapshots', request);
    if (result.ok) setSnapshots(result.data.snapshots);
    else setError(describeFailure(result.error));
  };
  useEffect(() => void load(), []);
  const act = async (kind: 'preview' | 'restore' | 'delete', snapshotId: string) => {
    const request = state.scope();
    if (!request) return;
    setError(null);
    if (kind === 'preview') {
      setSelected(snapshotId);
      setPreview(null);
      const result = await state.client.request('recovery/preview-snapshot', {
        ...request,
        snapshotId,
      });
      return result.ok ? setPreview(result.data) : setError(describeFailure(result.error));
    }
    setConfirm(null);
    const result = await state.client.request(
      kind === 'restore' ? 'recovery/restore-snapshot' : 'recovery/delete-snapshot',
      { ...request, snapshotId },
    );
    if (!result.ok) return setError(describeFailure(result.error));
    setSelected(null);
    setPreview(null);
    if (kind === 'restore') {
      await state.restored();
      onClose();
    } else await load();
  };
  return (
    <section class="snapshot-menu" aria-label="Snapshots" data-testid="snapshot-menu">
      <p class="snapshot-menu-title">Recovery points</p>
      {snapshots === null ? <p class="muted">Loading recovery points…</p> : null}
      {snapshots?.length === 0 ? <p class="muted">No recovery points for this file.</p> : null}
      <ul>
        {snapshots?.map((snapshot) => (
          <li key={snapshot.snapshotId} data-testid="snapshot-item" data-kind={snapshot.kind}>
            <button
              type="button"
              onClick={() => void act('preview', snapshot.snapshotId)}
              aria-pressed={selected === snapshot.snapshotId}
            >
              {`${KIND_LABELS[snapshot.kind]} \u00b7 ${new Date(snapshot.createdAt).toLocaleTimeString()} \u00b7 ${snapshot.textLength} chars`}
            </button>
          </li>
        ))}
      </ul>
      {selected && preview ? (
        <div class="snapshot-preview" data-testid="snapshot-preview">
          {preview.noChanges || !preview.diff ? (
            <p class="muted">The document already matches this recovery point.</p>
          ) : (
            <DiffRows diff={preview.diff} />
          )}
          {confirm === null ? (
            <div class="snapshot-actions">
              {preview.noChanges ? null : (
                <button
                  type="button"
                  class="sa-primary"
                  data-testid="snapshot-restore"
                  onClick={() => setConfirm('restore')}
                >
                  Restore…
                </button>
              )}
              <button
                type="button"
                data-testid="snapshot-delete"
                onClick={() => setConfirm('delete')}
              >
                Delete…
              </button>
            </div>
          ) : (
            <div class="snapshot-confirm" role="group" aria-label="Confirm">
              <span>
                {confirm === 'restore'
                  ? 'Replace the document with this version? The current text is kept as "Before restore".'
                  : 'Delete this recovery point?'}
              </span>
              <button
                type="button"
                class={confirm === 'restore' ? 'sa-primary' : 'sa-danger'}
                data-testid="snapshot-confirm-yes"
                onClick={() => void act(confirm, selected)}
              >
                {confirm === 'restore' ? 'Restore' : 'Delete'}
              </button>
              <button type="button" onClick={() => setConfirm(null)}>
                Cancel
              </button>
            </div>
          )}
        </div>
      ) : null}
      {error ? (
        <p class="error" role="alert" data-testid="snapshot-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
