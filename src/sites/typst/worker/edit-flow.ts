// ## Owns
// One editor write from arguments to receipt (study EDIT-01..08): capability
// preflight, return-to-file guard, one live snapshot, prepareEdit (a no-op ends here
// with no review and no write), the Ask-mode review (panel diff plus the page
// overlay, cleared on every exit path), the checkpoint seam, and the guarded commit.
// ## Why
// The page refuses a stale commit and changes nothing. A stale FILE means the person
// looked elsewhere: the tool waits for them to return and retries the same reviewed
// change set (bounded). typst.app builds a new EditorView when a file is reopened, so
// that retry carries the new view's token; the length + SHA-256 guard still proves the
// document is exactly the text that was reviewed. A stale editor or document without
// a file change is refused with its code: the model must read again.
import { createId } from '../../../shared/lib/ids';
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import type { EditReceipt } from '../../../shared/protocol/chat-records';
import type { ToolOutcome, ToolRunContext } from '../../../worker/tools/define-tool';
import type { EditToolCall } from '../edit/edit-tool-schemas';
import { prepareEdit } from '../edit/prepare-edit';
import { toDiffView } from './to-diff-view';
import {
  callPage,
  preflight,
  returnToTargetFile,
  success,
  waitForFile,
  type Capability,
} from './tool-support';

/** Stale-file retries of one commit (study EDIT-08). */
export const MAX_STALE_FILE_RETRIES = 15;

/** The document as it was right before the first write of a run. */
export interface PreWriteDocument {
  readonly fileLabel: string;
  readonly text: string;
  readonly hash: string;
}

/** Seams the run provides; the revert journal stages its checkpoint in `beforeFirstWrite`. */
export interface EditHooks {
  /**
   * Called before a run's first page commit (while `context.state.checkpointId` is
   * null). It should set `checkpointId`; throwing stops the edit before any write.
   */
  beforeFirstWrite?(context: ToolRunContext, document: PreWriteDocument): Promise<void>;
  /**
   * Write-ahead journal of EVERY write (the revert journal, src/worker/recovery): called
   * with the exact changes right before the page commit; throwing stops the write. The
   * returned callbacks record whether the commit landed.
   */
  stageWrite?(context: ToolRunContext, write: StagedWrite): Promise<StagedWriteOutcome>;
}

/** One write as the journal stages it: the snapshot it is prepared against and its changes. */
export interface StagedWrite extends PreWriteDocument {
  readonly changes: readonly { from: number; to: number; insert: string }[];
}

/** How the edit flow reports a staged write's commit. */
export interface StagedWriteOutcome {
  committed(result: { length: number; hash: string }): Promise<void>;
  failed(): Promise<void>;
}

type Snapshot = Awaited<ReturnType<typeof callPage<'page/typst-snapshot'>>>;

async function review(
  context: ToolRunContext,
  call: EditToolCall,
  snapshot: Snapshot,
  diff: ReturnType<typeof toDiffView>,
): Promise<void> {
  const reviewId = createId();
  try {
    const shown = await callPage(context, 'page/typst-show-review', {
      reviewId,
      viewToken: snapshot.viewToken,
      diff,
    }).catch(() => ({ shown: false }));
    if (!shown.shown)
      context.interaction.notice(
        'warning',
        'The proposal could not be drawn over the editor; review it in the panel.',
      );
    const decision = await context.interaction.reviewEdit(context.callId, call.tool, diff);
    if (decision !== 'apply')
      throw new ProtocolFailure(
        'EDIT_REJECTED',
        'The person rejected this edit; the document is unchanged.',
      );
  } finally {
    // Every exit path (apply, reject, timeout, Stop) removes the overlay; a page that
    // is gone has nothing left to remove.
    await context.page.request('page/typst-clear-review', { reviewId }).catch(() => undefined);
  }
}

async function commit(
  context: ToolRunContext,
  call: EditToolCall,
  snapshot: Snapshot,
  changes: { from: number; to: number; insert: string }[],
) {
  let expected = {
    fileLabel: snapshot.fileLabel,
    viewToken: snapshot.viewToken,
    length: snapshot.length,
    hash: snapshot.hash,
  };
  for (let attempt = 0; ; attempt += 1) {
    const result = await context.page.request('page/typst-commit', { expected, changes });
    if (result.ok) return result.data;
    const { code, message, details } = result.error;
    if (code !== 'STALE_EDIT_FILE') throw new ProtocolFailure(code, message, details);
    if (attempt >= MAX_STALE_FILE_RETRIES)
      throw new ProtocolFailure(
        'STALE_FILE_RETRY_LIMIT',
        `${snapshot.fileLabel} was not kept open long enough to apply the edit.`,
      );
    await waitForFile(context, call.tool, snapshot.fileLabel, 'return-to-file');
    const identity = await callPage(context, 'page/typst-identity', {});
    expected = { ...expected, viewToken: identity.viewToken ?? expected.viewToken };
  }
}

/** Runs one validated editor-write call through review and the guarded commit. */
export async function runEdit(
  context: ToolRunContext,
  call: EditToolCall,
  hooks: EditHooks = {},
): Promise<ToolOutcome> {
  const captured = context.state.capturedSelection;
  const needs: Capability[] = ['editor'];
  if (call.tool === 'replace_selection' && captured === null) needs.push('selection');
  await preflight(context, call.tool, needs);
  await returnToTargetFile(context, call.tool);
  const snapshot = await callPage(context, 'page/typst-snapshot', {});
  const prepared = prepareEdit(
    { text: snapshot.text, selection: captured ?? snapshot.selection },
    call,
  );
  if (prepared.kind === 'no_changes')
    return success({ ok: true, no_changes: true }, 'No changes were needed.');
  const diff = toDiffView(prepared.diff, snapshot.fileLabel);
  const reviewedDiff = context.editMode === 'ask';
  if (reviewedDiff) await review(context, call, snapshot, diff);
  if (hooks.beforeFirstWrite && context.state.checkpointId === null) {
    await hooks.beforeFirstWrite(context, {
      fileLabel: snapshot.fileLabel,
      text: snapshot.text,
      hash: snapshot.hash,
    });
  }
  const changes = prepared.changes.map(({ from, to, insert }) => ({ from, to, insert }));
  const staged = await hooks.stageWrite?.(context, {
    fileLabel: snapshot.fileLabel,
    text: snapshot.text,
    hash: snapshot.hash,
    changes,
  });
  const applied = await commit(context, call, snapshot, changes).catch(async (error: unknown) => {
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
  const summary = `Edited ${snapshot.fileLabel}: +${diff.additions} −${diff.deletions}${reviewedDiff ? ' (reviewed)' : ''}.`;
  return {
    ok: true,
    result: {
      ok: true,
      edits_applied: applied.applied,
      additions: diff.additions,
      deletions: diff.deletions,
      reviewed_diff: reviewedDiff,
      doc_chars: applied.length,
    },
    summary,
    receipt,
  };
}
