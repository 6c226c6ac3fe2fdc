// ## Owns
// Turning a model's raw tool-call argument text into a bounded JSON object (study
// SCH-04, SCH-05), fail-closed, before any schema is consulted.
// ## Why
// The text comes from a model that may be steered by page content, so it is
// hostile input: size is checked before parsing, and the parsed value is walked
// with an explicit stack so depth, width and total size are bounded before the
// recursive schema validator ever sees it.
import type { ErrorCode } from '../../shared/protocol/error-codes';
import { ROOT_PATH, pathWithIndex, pathWithKey } from './schema-subset';

/** Largest argument text, in UTF-8 bytes (256 KiB). */
export const MAX_ARGUMENT_BYTES = 262_144;
/** Longest array anywhere in the arguments. */
export const MAX_ARGUMENT_ARRAY_LENGTH = 10_000;
/** Values visited per validation, containers and scalars alike. */
export const MAX_ARGUMENT_VALUES = 100_000;
/** Deepest value, counting the root object as depth 0 (matches the schema depth limit). */
export const MAX_ARGUMENT_DEPTH = 20;

/** A refusal of tool-call arguments, shaped like a protocol error. */
export interface ArgumentsFailure {
  ok: false;
  code: Extract<
    ErrorCode,
    | 'ARGUMENTS_NOT_JSON_TEXT'
    | 'ARGUMENTS_TOO_LARGE'
    | 'ARGUMENTS_PARSE_ERROR'
    | 'ARGUMENTS_ROOT_TYPE'
    | 'ARGUMENT_COMPLEXITY'
    | 'ARGUMENTS_INVALID'
    | 'INVALID_SCHEMA'
  >;
  message: string;
  details: Record<string, unknown>;
}

/** Parsed (and, after validation, schema-checked) arguments. */
export type ArgumentsCheck = { ok: true; value: Record<string, unknown> } | ArgumentsFailure;

function refuse(
  code: ArgumentsFailure['code'],
  message: string,
  details: Record<string, unknown> = {},
): ArgumentsFailure {
  return { ok: false, code, message, details };
}

/**
 * UTF-8 length of `text` without allocating the encoding. Lone surrogates count
 * as 3 bytes, the size of the U+FFFD that TextEncoder would write for them.
 */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

// Roots that already passed the bounds walk. Dispatch parses a call's text once and
// hands the same object to the tool's own check, which would walk it again; an object
// recorded here is known to be within bounds. Parsed arguments are the model's input
// passed on as they are: nothing mutates them between the two checks.
const boundedRoots = new WeakSet<object>();

/**
 * Walk a parsed value and refuse it when it is deeper than 20, has an array longer
 * than 10,000 or more than 100,000 values (`ARGUMENT_COMPLEXITY`), or holds a
 * number JSON.parse turned into Infinity (`ARGUMENTS_PARSE_ERROR`). Returns null
 * when the value is within bounds.
 *
 * The walk builds no paths: most arguments are within bounds, and a path string per
 * value cost more than the checks. When it finds a problem, the same walk runs again
 * with paths to say where; both visit values in the same order and apply the same
 * checks, so the second finds the same first problem.
 */
export function checkArgumentBounds(root: unknown): ArgumentsFailure | null {
  if (typeof root === 'object' && root !== null && boundedRoots.has(root)) return null;
  if (isWithinBounds(root)) {
    if (typeof root === 'object' && root !== null) boundedRoots.add(root);
    return null;
  }
  return boundsFailureWithPath(root);
}

function isWithinBounds(root: unknown): boolean {
  const values: unknown[] = [root];
  const depths: number[] = [0];
  let visited = 0;
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop() as number;
    visited += 1;
    if (visited > MAX_ARGUMENT_VALUES || depth > MAX_ARGUMENT_DEPTH) return false;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return false;
    } else if (Array.isArray(value)) {
      if (value.length > MAX_ARGUMENT_ARRAY_LENGTH) return false;
      for (const item of value as unknown[]) {
        values.push(item);
        depths.push(depth + 1);
      }
    } else if (isPlainObject(value)) {
      for (const key of Object.keys(value)) {
        values.push(value[key]);
        depths.push(depth + 1);
      }
    }
  }
  return true;
}

/** The bounds walk with paths; the reference `isWithinBounds` follows. */
function boundsFailureWithPath(root: unknown): ArgumentsFailure | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [
    { value: root, path: ROOT_PATH, depth: 0 },
  ];
  let visited = 0;
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === undefined) break;
    visited += 1;
    if (visited > MAX_ARGUMENT_VALUES) {
      return refuse(
        'ARGUMENT_COMPLEXITY',
        `Arguments hold more than ${MAX_ARGUMENT_VALUES} values.`,
        { path: current.path },
      );
    }
    if (current.depth > MAX_ARGUMENT_DEPTH) {
      return refuse(
        'ARGUMENT_COMPLEXITY',
        `Arguments are nested deeper than ${MAX_ARGUMENT_DEPTH} levels.`,
        {
          path: current.path,
        },
      );
    }
    const { value, path, depth } = current;
    if (typeof value === 'number' && !Number.isFinite(value)) {
      return refuse('ARGUMENTS_PARSE_ERROR', 'A number in the arguments is out of range.', {
        path,
      });
    }
    if (Array.isArray(value)) {
      if (value.length > MAX_ARGUMENT_ARRAY_LENGTH) {
        return refuse(
          'ARGUMENT_COMPLEXITY',
          `An array has more than ${MAX_ARGUMENT_ARRAY_LENGTH} items.`,
          {
            path,
            length: value.length,
          },
        );
      }
      value.forEach((item: unknown, index) =>
        stack.push({ value: item, path: pathWithIndex(path, index), depth: depth + 1 }),
      );
    } else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        stack.push({ value: item, path: pathWithKey(path, key), depth: depth + 1 });
      }
    }
  }
  return null;
}

/**
 * Parse raw argument text: a string (`ARGUMENTS_NOT_JSON_TEXT`) of at most 256 KiB
 * UTF-8 (`ARGUMENTS_TOO_LARGE`), valid JSON (`ARGUMENTS_PARSE_ERROR`) with an object
 * root (`ARGUMENTS_ROOT_TYPE`) within the value bounds (`ARGUMENT_COMPLEXITY`).
 * Performs no schema validation; see `validateToolArguments`.
 */
export function parseToolArguments(text: unknown): ArgumentsCheck {
  if (typeof text !== 'string') {
    return refuse('ARGUMENTS_NOT_JSON_TEXT', 'Tool arguments must be JSON text.', {
      type: typeof text,
    });
  }
  // UTF-8 never takes fewer bytes than UTF-16 code units, so a long string is
  // refused without counting.
  const bytes = text.length > MAX_ARGUMENT_BYTES ? text.length : utf8ByteLength(text);
  if (bytes > MAX_ARGUMENT_BYTES) {
    return refuse(
      'ARGUMENTS_TOO_LARGE',
      `Tool arguments are larger than ${MAX_ARGUMENT_BYTES} bytes.`,
      {
        limit: MAX_ARGUMENT_BYTES,
        atLeast: bytes,
      },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 200) : 'unknown';
    return refuse('ARGUMENTS_PARSE_ERROR', 'Tool arguments are not valid JSON.', { reason });
  }
  if (!isPlainObject(value)) {
    const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    return refuse('ARGUMENTS_ROOT_TYPE', `Tool arguments must be a JSON object, not ${type}.`, {
      type,
    });
  }
  return checkArgumentBounds(value) ?? { ok: true, value };
}
