// ## Owns
// The one error shape integrations raise internally and the conversion of any
// thrown value (abort reasons, SDK errors, fetch TypeErrors) into a structured
// tool failure the model and the panel can read.
// ## Why
// A custom tool or MCP server is untrusted and may fail in any way; the run must
// see `{ok:false, code, message}` and never an exception it did not expect.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { ErrorCode } from '../../shared/protocol/error-codes';
import type { JsonValue } from '../tools/define-tool';

/** A failure raised inside an integration, with a code from error-codes.ts. */
export class IntegrationError extends Error {
  override readonly name = 'IntegrationError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Readonly<Record<string, JsonValue>> = {},
  ) {
    super(message);
  }
}

/** A structured failure, shaped like ToolOutcome's failure branch. */
export interface IntegrationFailure {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly message: string;
  readonly details?: Readonly<Record<string, JsonValue>>;
}

/** Longest message copied from a foreign error; servers choose these strings. */
const MAX_FOREIGN_MESSAGE = 500;

/**
 * Turn anything thrown into a failure. `signal` tells a Stop (CANCELLED) from our
 * own timeout (TIMEOUT): both abort the same fetch, only the reason differs.
 */
export function toIntegrationFailure(
  error: unknown,
  fallback: ErrorCode,
  signal?: AbortSignal,
): IntegrationFailure {
  const reason: unknown = signal?.aborted ? signal.reason : undefined;
  for (const candidate of [reason, error]) {
    if (candidate instanceof IntegrationError) {
      return {
        ok: false,
        code: candidate.code,
        message: candidate.message,
        details: candidate.details,
      };
    }
    if (candidate instanceof ProtocolFailure)
      return { ok: false, code: candidate.code, message: candidate.message };
  }
  if (signal?.aborted) return { ok: false, code: 'CANCELLED', message: 'The call was cancelled.' };
  const text = error instanceof Error ? error.message : String(error);
  return { ok: false, code: fallback, message: text.slice(0, MAX_FOREIGN_MESSAGE) };
}
