// ## Owns
// Asking the person before a page action its tool's review found consequential: the
// card says what will happen in the tool's plain words, why it asks and where the
// action goes; "Allow for this run" is offered only when the review named what it
// would allow, and then allows exactly that.
import { MAX_ARGUMENTS_PREVIEW_CHARS } from '../../shared/protocol/chat-records';
import { MAX_ACTION_DETAIL_CHARS } from '../../shared/protocol/run-messages';
import type { CallReview, ToolOutcome } from '../tools/define-tool';
import { awaitDecision, type InteractionBook } from './approvals';
import { clip } from './turn-recorder';

export interface ActionApprovalContext {
  readonly runGrants: Set<string>;
  readonly signal: AbortSignal;
  readonly interactions: InteractionBook;
  readonly interactionTimeoutMs: number;
}

/** Null when the person approved; the denial the model receives otherwise. */
export async function approveAction(
  call: { readonly id: string; readonly name: string; readonly argumentsText: string },
  review: Extract<CallReview, { ask: true }>,
  context: ActionApprovalContext,
): Promise<Extract<ToolOutcome, { ok: false }> | null> {
  const allowRun = review.grantKey !== null;
  const pending = {
    kind: 'action-approval' as const,
    callId: call.id,
    name: clip(call.name, 128),
    effect: clip(review.effect, 500),
    reason: clip(review.reason, 500),
    destination: clip(review.destination, 2_048),
    ...(review.detail ? { detail: clip(review.detail, MAX_ACTION_DETAIL_CHARS) } : {}),
    ...(review.detailIsPrivate ? { detailIsPrivate: true as const } : {}),
    allowRun,
    argumentsPreview: clip(call.argumentsText, MAX_ARGUMENTS_PREVIEW_CHARS),
  };
  const decision = await awaitDecision(
    context.interactions,
    pending,
    allowRun ? ['approve-once', 'allow-run', 'deny'] : ['approve-once', 'deny'],
    context.interactionTimeoutMs,
    context.signal,
  );
  if (decision === 'allow-run' && review.grantKey !== null) context.runGrants.add(review.grantKey);
  if (decision === 'approve-once' || decision === 'allow-run') return null;
  return {
    ok: false,
    code: 'TOOL_DENIED',
    message:
      decision === 'timeout'
        ? 'No answer came before the approval timed out, so the action did not happen.'
        : 'The person denied this action, so it did not happen. Do not try it another way; ask the person what they want instead.',
    summary: decision === 'timeout' ? 'Not approved in time' : 'Denied',
  };
}
