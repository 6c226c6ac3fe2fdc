// ## Owns
// The revert journal's seam in the document edit flow (`EditHooks.stageWrite`): every
// editor write of a response is staged write-ahead before its page commit, and its
// outcome is recorded after. The first write creates the response's checkpoint (and
// sets `state.checkpointId`, which the receipt carries); later writes advance it.
// ## Why failure is reconciled, not assumed
// A failed or stopped commit may still have landed (Stop cancels the page request, not
// necessarily the dispatch). The outcome is read from the live document with the reconciliation
// rules instead of guessed; if the page cannot be read, the entry stays `prepared` and
// the next start (or the next recovery action) reconciles it.
import { applyChanges, invertChanges, type TextChange } from '../../shared/text/text-change';
import { hashText } from '../../shared/text/text-hash';
import type { EditHooks } from '../documents/edit-hooks';
import type { CheckpointJournal } from './checkpoint-journal';
import type { LiveDocumentPort } from './live-document';
import { reconcileCheckpoint } from './reconcile';
import type { SnapshotStore } from './snapshot-store';

/** Dependencies of {@link createRecoveryEditHooks}. */
export interface RecoveryEditHookDeps {
  readonly journal: CheckpointJournal;
  readonly snapshots: SnapshotStore;
  readonly page: LiveDocumentPort;
  /** Problems that must not fail an edit that already landed (logged by the worker). */
  readonly onProblem?: (message: string) => void;
}

// CodeMirror may normalize "\r\n" inside inserted text, so inverse offsets recorded
// against our computed text could be wrong; such a checkpoint keeps the whole text.
const mayBeNormalized = (changes: readonly TextChange[]) =>
  changes.some((change) => change.insert.includes('\r'));

async function textBeforeResponse(
  journal: CheckpointJournal,
  checkpointId: string | null,
  baseText: string,
): Promise<string> {
  if (checkpointId === null) return baseText;
  const body = await journal.body(checkpointId);
  if (body?.beforeText != null) return body.beforeText;
  // Undo the earlier writes of this response, newest first.
  return [...(body?.inverses ?? [])]
    .reverse()
    .reduce((text, inverse) => applyChanges(text, inverse), baseText);
}

/** The edit hooks every run passes to its document writes. */
export function createRecoveryEditHooks(deps: RecoveryEditHookDeps): EditHooks {
  const { journal, snapshots, page } = deps;
  return {
    async stageWrite(context, write) {
      const pendingText = applyChanges(write.text, write.changes);
      const pending = { hash: await hashText(pendingText), length: pendingText.length };
      const needsText = mayBeNormalized(write.changes);
      const meta = await journal.stage({
        checkpointId: context.state.checkpointId,
        siteId: context.identity.scope.siteId,
        projectId: context.identity.scope.projectId,
        sessionId: context.identity.sessionId,
        runId: context.runId,
        tabId: context.identity.tabId,
        fileLabel: write.fileLabel,
        base: { hash: write.hash, length: write.text.length },
        pending,
        inverse: invertChanges(write.text, write.changes),
        beforeText: needsText
          ? await textBeforeResponse(journal, context.state.checkpointId, write.text)
          : null,
      });
      context.state.checkpointId = meta.id;
      return {
        async committed(result) {
          try {
            await journal.commit(meta.id, { hash: result.hash, length: result.length });
          } catch (error) {
            // Left `prepared`: reconciliation sees live == pending and commits it.
            deps.onProblem?.(`revert journal: commit not recorded (${String(error)})`);
          }
          // An agent edit ends the chat's automatic snapshot of this file.
          await snapshots
            .removeAutomatic(context.identity.sessionId, write.fileLabel, null)
            .catch(() => undefined);
        },
        async failed() {
          try {
            const live = await page.read(context.identity.tabId);
            const outcome = await reconcileCheckpoint(journal, meta, live);
            if (outcome.meta === null && context.state.checkpointId === meta.id)
              context.state.checkpointId = null;
          } catch (error) {
            deps.onProblem?.(
              `revert journal: failed write left for reconciliation (${String(error)})`,
            );
          }
        },
      };
    },
  };
}
