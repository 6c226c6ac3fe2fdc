// ## Owns
// Reconciling a checkpoint a dead worker left in flight against the live document
//, so every entry ends applied, reverted or removed: nothing half-
// applied, nothing orphaned. The page commit is atomic, so the live document is either
// exactly the state before a step or exactly the state after it (or someone edited).
//   prepared:  live == pending  -> the write landed: commit (applied)
//              live == previous -> it never landed: roll back
//              otherwise        -> conflict: roll back; a later revert refuses on the hash
//   reverting: live == before   -> the revert landed: reverted
//              live == after    -> it never landed: back to applied
//              otherwise        -> conflict: back to applied (revert refuses on the hash)
import type { CheckpointJournal } from './checkpoint-journal';
import { isAt, type LiveDocument } from './live-document';
import type { CheckpointMeta } from './recovery-db';

/** What reconciliation did with one checkpoint. */
export interface ReconcileOutcome {
  readonly checkpointId: string;
  readonly from: CheckpointMeta['status'];
  readonly action:
    | 'committed'
    | 'rolled-back'
    | 'reverted'
    | 'back-to-applied'
    | 'conflict'
    | 'unreachable'
    | 'none';
  /** The entry afterwards (null when a first stage was removed). */
  readonly meta: CheckpointMeta | null;
}

/** Reconciles `meta` against `live` (null or another file: left for later, lazily). */
export async function reconcileCheckpoint(
  journal: CheckpointJournal,
  meta: CheckpointMeta,
  live: LiveDocument | null,
): Promise<ReconcileOutcome> {
  const done = (
    action: ReconcileOutcome['action'],
    next: CheckpointMeta | null,
  ): ReconcileOutcome => ({ checkpointId: meta.id, from: meta.status, action, meta: next });
  if (meta.status === 'applied' || meta.status === 'reverted') return done('none', meta);
  if (live === null || live.fileLabel !== meta.fileLabel) return done('unreachable', meta);
  if (meta.status === 'prepared') {
    if (meta.pending && isAt(live, meta.pending))
      return done('committed', await journal.commit(meta.id, meta.pending));
    const previous = meta.after ?? meta.before;
    const rolledBack = await journal.rollback(meta.id);
    return done(isAt(live, previous) ? 'rolled-back' : 'conflict', rolledBack);
  }
  if (isAt(live, meta.before)) return done('reverted', await journal.finishRevert(meta.id));
  const applied = await journal.backToApplied(meta.id);
  return done(isAt(live, meta.after) ? 'back-to-applied' : 'conflict', applied);
}
