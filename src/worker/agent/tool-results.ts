// ## Owns
// What the model and the stored chat receive from a tool outcome: the serialized
// result capped at 64 KiB with a structured truncation marker, the tool
// card status, and the bounded human summary.
import type { ToolCallStatus } from '../../shared/protocol/chat-records';
import type { ToolOutcome } from '../tools/define-tool';
import { MAX_TOOL_RESULT_CHARS, TOOL_RESULT_PREVIEW_CHARS } from './run-limits';
import { clip } from './turn-recorder';

/** The tool message content: `{ok:true,result}` or `{ok:false,code,message}`, capped. */
export function serializeOutcome(outcome: ToolOutcome, maxChars = MAX_TOOL_RESULT_CHARS): string {
  const full = outcome.ok
    ? JSON.stringify({ ok: true, result: outcome.result })
    : JSON.stringify({
        ok: false,
        code: outcome.code,
        message: outcome.message,
        ...(outcome.details ? { details: outcome.details } : {}),
      });
  if (full.length <= maxChars) return full;
  return JSON.stringify({
    ok: outcome.ok,
    truncated: true,
    original_chars: full.length,
    preview: clip(full, Math.min(TOOL_RESULT_PREVIEW_CHARS, maxChars / 2)),
  });
}

/** The card status an outcome shows. */
export function statusOf(outcome: ToolOutcome): ToolCallStatus {
  if (outcome.ok) return 'done';
  switch (outcome.code) {
    case 'TOOL_DENIED':
      return 'denied';
    case 'EDIT_REJECTED':
      return 'rejected';
    case 'PAGE_WAIT_SKIPPED':
      return 'skipped';
    case 'CANCELLED':
      return 'cancelled';
    default:
      return 'failed';
  }
}

/** The tool card's line: the tool's summary, a refusal's plain words, or code and message. */
export function summaryOf(outcome: ToolOutcome): string {
  if (outcome.ok) return outcome.summary;
  return outcome.summary ?? `${outcome.code}: ${outcome.message}`;
}

/** Statuses that mean "not finished yet"; at terminal they become `cancelled`. */
export const OPEN_STATUSES: ReadonlySet<ToolCallStatus> = new Set([
  'running',
  'waiting',
  'awaiting-approval',
]);
