// ## Owns
// One document write from a prepared change set to its receipt, on any site whose
// page offers a document: the site's guards (what must be open first), one live
// snapshot, the tool's preparation against it (a no-op ends here with no review and
// no write), the site's check of the proposed document (an edit that adds a syntax
// error goes back to the model before anyone sees it), the Ask-mode review (panel diff plus the page overlay, cleared on every
// exit path), the revert journal's seams, and the guarded commit.
// ## Why a stale file is retried
// The page refuses a stale commit and changes nothing. A stale FILE means the person
// looked elsewhere: the flow waits for them to return and retries the same reviewed
// change set (bounded). A page may build a new editor when a file is reopened, so the
// retry carries the new editor's token; the length + SHA-256 guard still proves the
// document is exactly the text that was reviewed. A stale editor or document without
// a file change is refused with its code: the model must read again.
import { createId } from '../../shared/lib/ids';
import { ProtocolFailure, unwrap } from '../../shared/protocol/envelope';
import type { EditReceipt } from '../../shared/protocol/chat-records';
import type { DocumentSnapshot } from '../../shared/protocol/document-methods';
import type { TextChange } from '../../shared/text/text-change';
import { toDiffView } from '../../shared/text/to-diff-view';
import type { UnifiedDiff } from '../../shared/text/unified-diff';
import type { ToolOutcome, ToolRunContext } from '../tools/define-tool';
import { checkProposedEdit, issuesAsJson } from './check-proposed-edit';

/** Stale-file retries of one commit. */
export const MAX_STALE_FILE_RETRIES = 15;

/** A change set prepared against one snapshot, or nothing to do. */
export type PreparedDocumentEdit =
  | {
      readonly kind: 'changes';
      readonly changes: readonly TextChange[];
      readonly diff: UnifiedDiff;
    }
  | { readonly kind: 'no_changes' };

/** What the site requires around a write (its own waits the person can see). */
export interface DocumentGuards {
  /** Runs before the snapshot: the site's preflight and return-to-file waits. */
  beforeSnapshot(context: ToolRunContext, toolName: string): Promise<void>;
  /**
   * The page refused a commit because another file is open: wait until `fileLabel` is
   * shown again. Resolves the editor token to expect now, or null to keep the old one.
   */
  returnToFile(
    context: ToolRunContext,
    toolName: string,
    fileLabel: string,
  ): Promise<string | null>;
}

/** One write as a tool hands it to the flow. */
export interface DocumentEdit {
  readonly toolName: string;
  readonly guards: DocumentGuards;
  prepare(snapshot: DocumentSnapshot): PreparedDocumentEdit;
}

async function review(
  context: ToolRunContext,
  edit: DocumentEdit,
  snapshot: DocumentSnapshot,
  diff: ReturnType<typeof toDiffView>,
): Promise<void> {
  const reviewId = createId();
  try {
    const shown = await context.page
      .request('document/show-review', { reviewId, viewToken: snapshot.viewToken, diff })
      .then(
        (result) => result.ok && result.data.shown,
        () => false,
      );
    if (!shown)
      context.interaction.notice(
        'warning',
        'The proposal could not be drawn over the editor; review it in the panel.',
      );
    const decision = await context.interaction.reviewEdit(context.callId, edit.toolName, diff);
    if (decision !== 'apply')
      throw new ProtocolFailure(
        'EDIT_REJECTED',
        'The person rejected this edit; the document is unchanged.',
      );
  } finally {
    // Every exit path (apply, reject, timeout, Stop) removes the overlay; a page that
    // is gone has nothing left to remove.
    await context.page.request('document/clear-review', { reviewId }).catch(() => undefined);
  }
}

async function commit(
  context: ToolRunContext,
  edit: DocumentEdit,
  snapshot: DocumentSnapshot,
  changes: TextChange[],
) {
  let expected = {
    scopeKey: snapshot.scopeKey,
    fileLabel: snapshot.fileLabel,
    viewToken: snapshot.viewToken,
    length: snapshot.length,
    hash: snapshot.hash,
  };
  for (let attempt = 0; ; attempt += 1) {
    const result = await context.page.request('document/commit', { expected, changes });
    if (result.ok) return result.data;
    const { code, message, details } = result.error;
    if (code !== 'STALE_EDIT_FILE') throw new ProtocolFailure(code, message, details);
    if (attempt >= MAX_STALE_FILE_RETRIES) {
      throw new ProtocolFailure(
        'STALE_FILE_RETRY_LIMIT',
        `${snapshot.fileLabel} was not kept open long enough to apply the edit.`,
      );
    }
    const viewToken = await edit.guards.returnToFile(context, edit.toolName, snapshot.fileLabel);
    expected = { ...expected, viewToken: viewToken ?? expected.viewToken };
  }
}

/** Runs one prepared document write through review and the guarded commit. */
export async function runDocumentEdit(
  context: ToolRunContext,
  edit: DocumentEdit,
): Promise<ToolOutcome> {
  const hooks = context.documentHooks;
  await edit.guards.beforeSnapshot(context, edit.toolName);
  const snapshot = unwrap(await context.page.request('document/snapshot', {}));
  const prepared = edit.prepare(snapshot);
  if (prepared.kind === 'no_changes') {
    return { ok: true, result: { ok: true, no_changes: true }, summary: 'No changes were needed.' };
  }
  // The proposed document is checked before anyone sees it: an edit that would add a
  // syntax error goes back to the model, which fixes its own mistake first.
  const check = await checkProposedEdit(context, snapshot.text, prepared.changes);
  if (check.kind === 'return') return check.outcome;
  const diff = toDiffView(prepared.diff, snapshot.fileLabel);
  const reviewedDiff = context.editMode === 'ask';
  if (reviewedDiff) await review(context, edit, snapshot, diff);
  const before = { fileLabel: snapshot.fileLabel, text: snapshot.text, hash: snapshot.hash };
  if (hooks.beforeFirstWrite && context.state.checkpointId === null)
    await hooks.beforeFirstWrite(context, before);
  const changes = prepared.changes.map(({ from, to, insert }) => ({ from, to, insert }));
  const staged = await hooks.stageWrite?.(context, { ...before, changes });
  const applied = await commit(context, edit, snapshot, changes).catch(async (error: unknown) => {
    await staged?.failed();
    throw error;
  });
  await staged?.committed(applied);
  const checkpointId = context.state.checkpointId;
  const receipt: EditReceipt = {
    checkpointId: checkpointId ?? createId(),
    status: checkpointId ? 'applied' : 'unavailable',
    fileLabel: snapshot.fileLabel,
    createdAt: Date.now(),
    reviewedDiff,
    ...(checkpointId ? {} : { unavailableReason: 'No revert checkpoint was staged for this run.' }),
  };
  return {
    ok: true,
    result: {
      ok: true,
      edits_applied: applied.applied,
      additions: diff.additions,
      deletions: diff.deletions,
      reviewed_diff: reviewedDiff,
      doc_chars: applied.length,
      ...(check.unfixed.length > 0 ? { syntax_errors_added: issuesAsJson(check.unfixed) } : {}),
    },
    summary: [
      `Edited ${snapshot.fileLabel}: +${diff.additions} −${diff.deletions}${reviewedDiff ? ' (reviewed)' : ''}.`,
      ...(check.note ? [check.note] : []),
    ]
      .join(' ')
      .slice(0, 4_000),
    receipt,
  };
}
