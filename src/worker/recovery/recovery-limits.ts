// Bounds of the recovery journals.

/** Most revert checkpoints kept (tombstones included). */
export const MAX_CHECKPOINTS = 5;
/** Checkpoint bodies in total, counted in stored characters (4 MiB). */
export const MAX_CHECKPOINT_BODY_CHARS = 4 * 1_048_576;
/** In-flight (prepared/reverting) checkpoints are protected from pruning this long. */
export const IN_FLIGHT_PROTECTION_MS = 5 * 60_000;
/** Most document snapshots kept, and their bodies in total (4 MiB). */
export const MAX_SNAPSHOTS = 6;
export const MAX_SNAPSHOT_BODY_CHARS = 4 * 1_048_576;
/** Most changes one guarded page commit accepts: the protocol's bound. */
export { MAX_COMMIT_CHANGES } from '../../shared/protocol/document-methods';
