// ## Owns
// The guarded cascade revert. Reverting a response first reverts
// every later agent-edited response of the same chat, newest first. Each step re-reads
// the live document and requires the step's file and final state (length + SHA-256);
// then it journals `reverting`, sends the inverse as ONE guarded page commit and marks
// `reverted`. A mismatch stops the cascade: finished steps stay reverted and are
// reported as partial progress (EDIT_REVERT_CONFLICT with details).
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { CheckpointJournal } from './checkpoint-journal';
import { isAt, type LiveDocumentPort } from './live-document';
import { reconcileCheckpoint } from './reconcile';
import type { CheckpointMeta } from './recovery-db';
import { planRevert } from './revert-changes';

/** What the panel sends (after its confirmation) and the worker checks. */
export interface RevertRequest {
  readonly tabId: number;
  readonly siteId: string;
  readonly projectId: string | null;
  readonly sessionId: string;
  readonly checkpointId: string;
}

/** A finished cascade. */
export interface RevertResult {
  /** Checkpoints this cascade moved to `reverted`, newest first. */
  readonly revertedIds: string[];
  /** Steps that were already reverted. */
  readonly alreadyReverted: number;
  readonly totalCount: number;
  /** How each written step was applied. */
  readonly methods: ('inverse-changes' | 'whole-document' | 'already-at-before')[];
}

/** The selected checkpoint and every later one of its chat, newest first. */
export function cascadeOf(
  entries: readonly CheckpointMeta[],
  request: RevertRequest,
): CheckpointMeta[] {
  const selected = entries.find((entry) => entry.id === request.checkpointId);
  if (
    !selected ||
    selected.sessionId !== request.sessionId ||
    selected.projectId !== request.projectId ||
    selected.siteId !== request.siteId
  ) {
    throw new ProtocolFailure(
      'EDIT_REVERT_UNAVAILABLE',
      'The revert copy of this response is no longer available.',
      { checkpointId: request.checkpointId },
    );
  }
  return entries
    .filter((entry) => entry.sessionId === selected.sessionId && entry.seq >= selected.seq)
    .sort((a, b) => b.seq - a.seq);
}

/**
 * Page answers that prove a commit did not write: the guarded commit checks all of
 * these before it dispatches anything.
 */
const REFUSALS_THAT_CHANGE_NOTHING: ReadonlySet<string> = new Set([
  'STALE_SCOPE',
  'STALE_EDIT_FILE',
  'STALE_EDITOR',
  'STALE_DOCUMENT',
  'INVALID_EDIT_RANGE',
  'PAGE_NO_EDITOR',
  'NO_DOCUMENT',
  'INVALID_PAYLOAD_FIELD',
  'PAYLOAD_TOO_LARGE',
  'PAGE_DOCUMENT_CHANGED',
]);

/**
 * After an unanswered revert commit: reads the document again and settles the step
 * when the answer is clear (`landed` marks it reverted; `not-landed` leaves it to the
 * caller). `unknown` leaves it `reverting`, which reconciliation settles later.
 */
async function checkLanded(
  journal: CheckpointJournal,
  page: LiveDocumentPort,
  tabId: number,
  step: CheckpointMeta,
): Promise<'landed' | 'not-landed' | 'unknown'> {
  const live = await page.read(tabId).catch(() => null);
  if (!live || live.fileLabel !== step.fileLabel) return 'unknown';
  if (isAt(live, step.before)) {
    await journal.finishRevert(step.id);
    return 'landed';
  }
  return isAt(live, step.after) ? 'not-landed' : 'unknown';
}

/** Runs the cascade; throws EDIT_REVERT_CONFLICT (details carry the partial progress) on a mismatch. */
export async function revertCascade(
  journal: CheckpointJournal,
  page: LiveDocumentPort,
  request: RevertRequest,
): Promise<RevertResult> {
  const steps = cascadeOf(await journal.list(), request);
  const revertedIds: string[] = [];
  const methods: RevertResult['methods'] = [];
  let alreadyReverted = 0;
  const stop = (step: CheckpointMeta, reason: string, cause?: ProtocolFailure): never => {
    const prefix =
      revertedIds.length > 0
        ? `${revertedIds.length} newer response${revertedIds.length === 1 ? ' was' : 's were'} reverted, then `
        : '';
    throw new ProtocolFailure(
      'EDIT_REVERT_CONFLICT',
      `${prefix}${reason}`.replace(/^./, (first) => first.toUpperCase()),
      {
        selectedCheckpointId: request.checkpointId,
        failedCheckpointId: step.id,
        revertedCheckpointIds: [...revertedIds],
        revertedCount: revertedIds.length,
        totalCount: steps.length,
        ...(cause ? { cause: cause.code } : {}),
      },
    );
  };
  for (const original of steps) {
    let step = original;
    if (step.status === 'reverted') {
      alreadyReverted += 1;
      continue;
    }
    const live = await page.read(request.tabId);
    if (step.status === 'prepared' || step.status === 'reverting') {
      // Left in flight by a dead worker: reconcile lazily against this live document.
      const outcome = await reconcileCheckpoint(journal, step, live);
      if (outcome.meta === null) continue;
      step = outcome.meta;
      if (step.status === 'reverted') {
        revertedIds.push(step.id);
        methods.push('already-at-before');
        continue;
      }
      if (step.status !== 'applied')
        stop(step, 'an interrupted edit could not be checked because another file is open.');
    }
    if (live.fileLabel !== step.fileLabel)
      stop(
        step,
        `the response edited ${step.fileLabel}, but ${live.fileLabel} is open. Open that file and try again.`,
      );
    if (isAt(live, step.before) && !isAt(live, step.after)) {
      // Already back at the pre-edit text (e.g. undone by hand): mark it, write nothing.
      await journal.beginRevert(step.id);
      await journal.finishRevert(step.id);
      revertedIds.push(step.id);
      methods.push('already-at-before');
      continue;
    }
    if (!isAt(live, step.after))
      stop(
        step,
        'the document was changed after that response edited it, so it was not overwritten.',
      );
    const plan = await planRevert(step, await journal.body(step.id), live.text).catch(
      (error: unknown) =>
        stop(
          step,
          'its revert record is missing or damaged.',
          error instanceof ProtocolFailure ? error : undefined,
        ),
    );
    await journal.beginRevert(step.id);
    try {
      // Writes that cancelled out leave nothing to send; the page refuses an empty commit.
      if (plan.changes.length > 0) await page.commit(request.tabId, live, plan.changes);
    } catch (error) {
      const failure =
        error instanceof ProtocolFailure
          ? error
          : new ProtocolFailure('HANDLER_FAILED', String(error));
      if (!REFUSALS_THAT_CHANGE_NOTHING.has(failure.code)) {
        // No answer is not a refusal: the commit may have landed before the page went
        // quiet, so the document decides.
        const landed = await checkLanded(journal, page, request.tabId, step);
        if (landed === 'unknown') {
          throw new ProtocolFailure(
            'EDIT_REVERT_MAY_HAVE_LANDED',
            `The page did not confirm the revert (${failure.code}); it may have landed. The document is checked again before the next revert or restore.`,
            {
              failedCheckpointId: step.id,
              revertedCheckpointIds: [...revertedIds],
              cause: failure.code,
            },
          );
        }
        if (landed === 'landed') {
          revertedIds.push(step.id);
          methods.push(plan.method);
          continue;
        }
      }
      await journal.backToApplied(step.id);
      const what = REFUSALS_THAT_CHANGE_NOTHING.has(failure.code) ? 'refused' : 'did not confirm';
      stop(
        step,
        `the page ${what} the revert (${failure.code}); the document was not changed by that step.`,
        failure,
      );
    }
    await journal.finishRevert(step.id);
    revertedIds.push(step.id);
    methods.push(plan.method);
  }
  return { revertedIds, alreadyReverted, totalCount: steps.length, methods };
}
