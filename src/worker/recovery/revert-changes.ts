// ## Owns
// What one revert step sends to the page: the composed inverse of the response's
// writes as minimal changes, verified against the recorded pre-edit hash before it is
// sent, else (change record unavailable or failing that check) the guarded whole-
// document replacement from the stored pre-edit copy, itself hash-verified.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import { applyChanges, type TextChange } from '../../shared/text/text-change';
import { hashText } from '../../shared/text/text-hash';
import { composeChangeLists, limitChangeCount } from './compose-changes';
import { spanChange } from './span-change';
import type { CheckpointBody, CheckpointMeta } from './recovery-db';

/** A planned revert step. */
export interface RevertPlan {
  readonly changes: TextChange[];
  readonly method: 'inverse-changes' | 'whole-document';
}

/** Plans the step turning `liveText` (the checkpoint's after state) back into its before state. */
export async function planRevert(
  meta: CheckpointMeta,
  body: CheckpointBody | null,
  liveText: string,
): Promise<RevertPlan> {
  if (body?.inverses && body.inverses.length === meta.writeCount && meta.writeCount > 0) {
    try {
      const composed = composeChangeLists([...body.inverses].reverse(), liveText.length);
      const changes = limitChangeCount(liveText, composed);
      const restored = applyChanges(liveText, changes);
      if (restored.length === meta.before.length && (await hashText(restored)) === meta.before.hash)
        return { changes, method: 'inverse-changes' };
    } catch {
      // A damaged record: fall through to the whole-document copy, if one exists.
    }
  }
  if (
    body?.beforeText != null &&
    body.beforeText.length === meta.before.length &&
    (await hashText(body.beforeText)) === meta.before.hash
  ) {
    // The guarded whole-document copy, sent as its changed span only.
    return { changes: spanChange(liveText, body.beforeText), method: 'whole-document' };
  }
  throw new ProtocolFailure(
    'EDIT_REVERT_UNAVAILABLE',
    'The revert record of this response is missing or damaged, so it cannot be reverted.',
    { checkpointId: meta.id },
  );
}
