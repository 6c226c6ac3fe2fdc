// ## Owns
// What the model and the stored chat receive from a tool outcome: the serialized
// result capped at 64 KiB with a structured truncation marker, the tool
// card status, the bounded human summary, and the stored arguments of a call whose
// values went where the page withholds them.
import {
  MAX_ARGUMENTS_PREVIEW_CHARS,
  type ToolCallStatus,
} from '../../shared/protocol/chat-records';
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

/** What the stored chat keeps in place of a withheld argument's value. */
export const WITHHELD_ARGUMENT = '[secret withheld: field value]';

/**
 * The arguments preview the stored chat keeps for a call, or null to keep the one
 * recorded when it started: the outcome's withheld arguments become markers. Arguments
 * that do not parse as an object are kept as nothing but the marker.
 */
export function storedArgumentsPreview(argumentsText: string, outcome: ToolOutcome): string | null {
  const withheld = outcome.ok ? (outcome.withheldArguments ?? []) : [];
  if (withheld.length === 0) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsText);
  } catch {
    return WITHHELD_ARGUMENT;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return WITHHELD_ARGUMENT;
  const masked: Record<string, unknown> = { ...(parsed as Record<string, unknown>) };
  for (const name of withheld) if (name in masked) masked[name] = WITHHELD_ARGUMENT;
  return clip(JSON.stringify(masked), MAX_ARGUMENTS_PREVIEW_CHARS);
}
