// Maps zod issues onto the protocol's distinct error codes, so a caller can tell
// an unknown field from a missing one, a wrong type, or an oversized value.
import type { z } from '../schema/zod';
import type { ErrorCode } from './error-codes';
import { fail, type ProtocolError } from './envelope';

const MAX_REPORTED_ISSUES = 8;

function codeForIssue(issue: z.core.$ZodIssue): ErrorCode {
  switch (issue.code) {
    case 'unrecognized_keys':
      return 'UNKNOWN_PAYLOAD_FIELD';
    case 'too_big':
      return 'PAYLOAD_TOO_LARGE';
    case 'invalid_type':
      return issue.input === undefined ? 'MISSING_PAYLOAD_FIELD' : 'INVALID_PAYLOAD_FIELD';
    default:
      return 'INVALID_PAYLOAD_FIELD';
  }
}

const pathText = (path: readonly PropertyKey[]) =>
  path.length === 0
    ? '$'
    : '$' + path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');

export type Validation<T> = { ok: true; data: T } | { ok: false; error: ProtocolError };

/** Validates `value` and returns the parsed data or one structured error. */
export function validatePayload<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
): Validation<z.output<S>> {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) return { ok: true, data: parsed.data };
  const issues = parsed.error.issues;
  const first = issues[0];
  const code = first ? codeForIssue(first) : 'INVALID_PAYLOAD_FIELD';
  const summary = issues.slice(0, MAX_REPORTED_ISSUES).map((issue) => ({
    code: codeForIssue(issue),
    path: pathText(issue.path),
    ...(issue.code === 'unrecognized_keys' ? { keys: issue.keys.slice(0, 8) } : {}),
  }));
  const where = first ? pathText(first.path) : '$';
  return fail(code, `${what}: ${code.toLowerCase().replaceAll('_', ' ')} at ${where}`, {
    issues: summary,
  });
}
