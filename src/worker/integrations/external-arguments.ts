// ## Owns
// Argument checking for external tools right before dispatch: the
// run loop hands over either the raw argument text or an already-parsed object;
// both go through the bounded parser / value bounds, the subset gate and the
// @cfworker validator, so a schema stored before a policy change still fails closed.
import {
  validateParsedArguments,
  validateToolArguments,
  type ArgumentsCheck,
} from '../tools/validate-arguments';
import type { ToolDefinition } from '../tools/define-tool';

type ParseResult = ReturnType<ToolDefinition<Record<string, unknown>>['parseArguments']>;

/** Validate `value` (JSON text or a plain object) against `schema`. */
export function parseExternalArguments(
  value: unknown,
  schema: object,
  allowMcpHeader: boolean,
): ParseResult {
  const options = { allowMcpHeader };
  if (
    typeof value !== 'string' &&
    (typeof value !== 'object' || value === null || Array.isArray(value))
  ) {
    return {
      ok: false,
      code: 'ARGUMENTS_ROOT_TYPE',
      message: 'Tool arguments must be a JSON object.',
    };
  }
  const checked: ArgumentsCheck =
    typeof value === 'string'
      ? validateToolArguments(value, schema, options)
      : validateParsedArguments(value as Record<string, unknown>, schema, options);
  if (checked.ok) return { ok: true, args: checked.value };
  const errors = checked.details['errors'];
  const first = Array.isArray(errors) ? (errors[0] as { path?: unknown } | undefined) : undefined;
  return {
    ok: false,
    code: checked.code,
    message: checked.message,
    ...(typeof first?.path === 'string' ? { path: first.path } : {}),
  };
}

/** Longest tool result text handed to the model; the rest is cut with a marker. */
export const MAX_RESULT_TEXT = 64_000;

/** Cap a string for the model, saying how much was cut. */
export function capText(text: string, max: number = MAX_RESULT_TEXT): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n[truncated: ${text.length - max} more characters]`;
}
