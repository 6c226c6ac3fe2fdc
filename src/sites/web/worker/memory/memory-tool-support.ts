// What the working-memory tools share: the run's book, or a clear refusal where a
// run keeps none (a probe, a test harness).
import type { ErrorCode } from '../../../../shared/protocol/error-codes';
import type { WorkingMemoryBook } from '../../../../worker/agent/working-memory/working-memory';
import type { ToolOutcome, ToolRunContext } from '../../../../worker/tools/define-tool';

export const NO_MEMORY: ToolOutcome = {
  ok: false,
  code: 'SITE_FEATURE_UNAVAILABLE',
  message: 'This run keeps no working memory. Carry on without it.',
};

export const memoryOf = (context: ToolRunContext): WorkingMemoryBook | null =>
  context.state.memory ?? null;

/** A refusal from the book, with plain words for the person's card. */
export const refused = (
  change: { readonly code: ErrorCode; readonly message: string },
  summary: string,
): ToolOutcome => ({ ok: false, code: change.code, message: change.message, summary });
