// Handlers for the panel's recovery requests (revert journal and document snapshots).
// They only delegate to the recovery service, which checks scope and exclusion.
import type { GroupHandlers } from '../../shared/protocol/define-channel';
import type { recoveryRequestMethods } from '../../shared/protocol/recovery-messages';
import type { RecoveryService } from '../recovery/recovery-service';

/** What the recovery handlers need. */
export interface RecoveryHandlerDeps {
  readonly recovery: RecoveryService;
}

/** The `recovery/*` handlers. */
export function createRecoveryHandlers(
  deps: RecoveryHandlerDeps,
): GroupHandlers<typeof recoveryRequestMethods> {
  const { recovery } = deps;
  return {
    'recovery/list-checkpoints': async (request) => ({
      checkpoints: await recovery.listCheckpoints(request),
    }),
    'recovery/revert': async (request) => {
      const result = await recovery.revert(request);
      return {
        revertedCheckpointIds: result.revertedIds,
        alreadyReverted: result.alreadyReverted,
        totalCount: result.totalCount,
      };
    },
    'recovery/list-snapshots': (request) => recovery.snapshots.list(request),
    'recovery/preview-snapshot': (request) => recovery.snapshots.preview(request),
    'recovery/restore-snapshot': (request) => recovery.snapshots.restore(request),
    'recovery/delete-snapshot': (request) => recovery.snapshots.delete(request),
  };
}
