// ## Owns
// The wire shape of every cross-context message and response.
// ## Never
// Decides trust or runs handlers; the routers do that with these schemas.
//
// Envelope: `{type, requestId?, runId?, payload}`. Requests carry a requestId;
// run-scoped messages carry the runId of the run they belong to. Responses are
// `{ok: true, data}` or `{ok: false, error: {code, message, details?}}`.
import { z } from '../schema/zod';
import { IdSchema, boundedString } from '../schema/bounded';
import { ERROR_CODES, type ErrorCode } from './error-codes';

export { ERROR_CODES, type ErrorCode };

/** The outer frame, checked before the payload is looked at. Unknown keys fail. */
export const EnvelopeSchema = z.strictObject({
  type: z.string().min(1).max(64),
  requestId: IdSchema.optional(),
  runId: IdSchema.optional(),
  payload: z.unknown(),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;

export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** A structured error: a code the UI can act on and a message a person can read. */
export const ProtocolErrorSchema = z.strictObject({
  code: ErrorCodeSchema,
  message: boundedString(2_000),
  details: z.record(z.string().max(64), z.unknown()).optional(),
});
export type ProtocolError = z.infer<typeof ProtocolErrorSchema>;

export type Result<T> = { ok: true; data: T } | { ok: false; error: ProtocolError };

/** The raw response frame, before `data` is checked against the method's schema. */
export const ResponseFrameSchema = z.union([
  z.strictObject({ ok: z.literal(true), data: z.unknown() }),
  z.strictObject({ ok: z.literal(false), error: ProtocolErrorSchema }),
]);

export const ok = <T>(data: T): Result<T> => ({ ok: true, data });

export function fail(
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
): { ok: false; error: ProtocolError } {
  const error: ProtocolError = { code, message: message.slice(0, 2_000) };
  if (details !== undefined) error.details = details;
  return { ok: false, error };
}

/** An Error that carries a protocol code, thrown inside handlers and adapters. */
export class ProtocolFailure extends Error {
  override readonly name = 'ProtocolFailure';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The data of a successful Result; a failed one is thrown as its ProtocolFailure. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok)
    throw new ProtocolFailure(result.error.code, result.error.message, result.error.details);
  return result.data;
}
