// The Revert and Snapshot actions of one answer. Revert shows only when this response
// has an applied revert checkpoint, and asks in the panel first; Snapshot shows on the
// latest complete answer and opens the snapshot menu.
import { ArchiveRestore, Undo2 } from 'lucide-preact';
import { useState } from 'preact/hooks';
import type { AssistantTurn } from '../../shared/protocol/chat-records';
import { useRecovery } from './recovery-provider';
import { SnapshotMenu } from './snapshot-menu';

/** Recovery actions of `turn`; nothing without a provider. */
export function RecoveryActions({
  turn,
  isLatest = false,
}: {
  readonly turn: AssistantTurn;
  readonly isLatest?: boolean;
}) {
  const recovery = useRecovery();
  const [confirming, setConfirming] = useState(false);
  const [snapshotsOpen, setSnapshotsOpen] = useState(false);
  if (!recovery) return null;
  const { state, running } = recovery;
  const checkpoints = state.checkpoints.value;
  const mine = checkpoints.find((checkpoint) => checkpoint.runId === turn.runId);
  const later = mine
    ? checkpoints.filter(
        (checkpoint) => checkpoint.createdAt > mine.createdAt && checkpoint.status === 'applied',
      ).length
    : 0;
  const canRevert = mine?.status === 'applied' && !running;
  const showSnapshot = isLatest && turn.status === 'complete' && !running;
  if (!canRevert && !showSnapshot && mine?.status !== 'reverted') return null;
  return (
    <div class="recovery-actions" data-testid="recovery-actions">
      {mine?.status === 'reverted' ? (
        <span class="muted" data-testid="reverted-badge">
          Reverted
        </span>
      ) : null}
      {canRevert && !confirming ? (
        <button
          type="button"
          class="icon-button"
          title="Revert the edits of this response"
          data-testid="revert"
          disabled={state.busy.value}
          onClick={() => setConfirming(true)}
        >
          <Undo2 aria-hidden="true" size={14} strokeWidth={1.75} />
          <span>Revert</span>
        </button>
      ) : null}
      {canRevert && confirming ? (
        <span
          class="recovery-confirm"
          role="group"
          aria-label="Confirm revert"
          data-testid="revert-confirm"
        >
          {later > 0
            ? `Revert this response and ${later} later one${later === 1 ? '' : 's'}?`
            : 'Revert the edits of this response?'}
          <button
            type="button"
            class="sa-danger"
            data-testid="revert-confirm-yes"
            disabled={state.busy.value}
            onClick={() => {
              setConfirming(false);
              void state.revert(mine.checkpointId);
            }}
          >
            Revert
          </button>
          <button
            type="button"
            data-testid="revert-confirm-no"
            onClick={() => setConfirming(false)}
          >
            Cancel
          </button>
        </span>
      ) : null}
      {showSnapshot ? (
        <button
          type="button"
          class="icon-button"
          title="Recovery points of this file"
          data-testid="snapshot-toggle"
          aria-expanded={snapshotsOpen}
          onClick={() => setSnapshotsOpen(!snapshotsOpen)}
        >
          <ArchiveRestore aria-hidden="true" size={14} strokeWidth={1.75} />
          <span>Snapshot</span>
        </button>
      ) : null}
      {showSnapshot && snapshotsOpen ? (
        <SnapshotMenu state={state} onClose={() => setSnapshotsOpen(false)} />
      ) : null}
    </div>
  );
}
