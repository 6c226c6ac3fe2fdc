// ## Owns
// Checking a tool call's arguments against the tool's input schema right before
// dispatch (study SCH-05, SCH-06): parse bounded, gate the schema, then validate.
// ## Never
// Generates code. MV3's CSP forbids eval, so validation uses
// @cfworker/json-schema, an interpreter, and only after our subset gate has
// bounded the schema; our own bounds on the value run before it, because the
// library recurses over both.
// ## Semantics worth knowing
// - String length counts code points: @cfworker/json-schema measures minLength and
//   maxLength with its `ucs2length`, which counts a surrogate pair once (checked in
//   validate-arguments.test.ts), as JSON Schema requires.
// - `integer` accepts any finite number with no fractional part (1.0 is an integer);
//   non-finite numbers never get here (JSON.parse overflow is refused when parsing).
// - `enum` and `const` compare structurally; object key order does not matter.
// @see https://github.com/cfworker/cfworker/tree/main/packages/json-schema
import { Validator, type OutputUnit } from '@cfworker/json-schema';
import {
  checkSchemaSubset,
  ROOT_PATH,
  pathWithIndex,
  pathWithKey,
  type SchemaSubsetOptions,
} from './schema-subset';
import {
  checkArgumentBounds,
  parseToolArguments,
  type ArgumentsCheck,
  type ArgumentsFailure,
} from './validate-arguments-parse';

export {
  MAX_ARGUMENT_ARRAY_LENGTH,
  MAX_ARGUMENT_BYTES,
  MAX_ARGUMENT_DEPTH,
  MAX_ARGUMENT_VALUES,
  parseToolArguments,
  utf8ByteLength,
  type ArgumentsCheck,
  type ArgumentsFailure,
} from './validate-arguments-parse';

/** One reason the arguments do not match the schema. */
export interface ArgumentIssue {
  /** Where in the arguments, e.g. `$.tags[2]`. */
  path: string;
  /** The schema keyword that failed, e.g. `maxLength`. */
  keyword: string;
  message: string;
}

/** Issues reported per call; enough for a model to correct itself. */
export const MAX_ARGUMENT_ISSUES = 8;

const VALIDATION_KEYWORDS = new Set([
  'type',
  'required',
  'additionalProperties',
  'minItems',
  'maxItems',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
]);
const SCHEMA_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf']);
// Reported by a more specific issue right after them.
const WRAPPER_KEYWORDS = new Set(['properties', 'items', 'additionalProperties', 'allOf']);

type Compiled = { ok: true; validator: Validator } | ArgumentsFailure;

// Keyed by the schema object, per gate option: registries hand the same object to
// every call, so the gate and the copy below run once per tool. Schemas are treated
// as immutable once registered; a changed schema must be a new object.
const compiledByOption = {
  plain: new WeakMap<object, Compiled>(),
  mcp: new WeakMap<object, Compiled>(),
};

/**
 * Copy only the validation keywords of a gated schema. The validator then never
 * sees annotations (it would walk an object `default` as a schema while indexing
 * ids) and never mutates or holds the caller's object.
 */
function copyForValidator(node: unknown): unknown {
  if (typeof node !== 'object' || node === null) return node;
  const copy: Array<[string, unknown]> = [];
  for (const [keyword, value] of Object.entries(node)) {
    if (VALIDATION_KEYWORDS.has(keyword)) copy.push([keyword, structuredClone(value)]);
    else if (keyword === 'items') copy.push([keyword, copyForValidator(value)]);
    // The gate allows only local references into the root's definitions.
    else if (keyword === '$ref' && typeof value === 'string') copy.push([keyword, value]);
    else if (
      (keyword === 'properties' || keyword === '$defs' || keyword === 'definitions') &&
      typeof value === 'object' &&
      value !== null
    ) {
      const properties = Object.entries(value).map(([name, child]): [string, unknown] => [
        name,
        copyForValidator(child),
      ]);
      copy.push([keyword, Object.fromEntries(properties)]);
    } else if (SCHEMA_LIST_KEYWORDS.has(keyword) && Array.isArray(value)) {
      copy.push([keyword, value.map((branch: unknown) => copyForValidator(branch))]);
    }
  }
  return Object.fromEntries(copy);
}

/**
 * The cached validator for `schema`, gating it on first use. A schema that fails
 * the gate yields its refusal here too, so a caller that skipped the save-time
 * check still cannot validate against an unbounded schema.
 */
export function compileArgumentValidator(
  schema: object,
  options: SchemaSubsetOptions = {},
): Compiled {
  const cache = options.allowMcpHeader === true ? compiledByOption.mcp : compiledByOption.plain;
  const cached = cache.get(schema);
  if (cached !== undefined) return cached;
  const gate = checkSchemaSubset(schema, options);
  const compiled: Compiled = gate.ok
    ? { ok: true, validator: new Validator(copyForValidator(schema) as object, '2020-12', false) }
    : {
        ok: false,
        code: 'INVALID_SCHEMA',
        message: `The tool's input schema is not supported: ${gate.message}`,
        details: gate.details,
      };
  cache.set(schema, compiled);
  return compiled;
}

/** Convert the validator's `#/a/0` location into `$.a[0]`, using the value to tell indices from keys. */
function toArgumentPath(pointer: string, root: unknown): string {
  let path = ROOT_PATH;
  let current: unknown = root;
  const segments = pointer === '#' ? [] : pointer.slice(2).split('/');
  for (const encoded of segments) {
    // The library encodes segments with encodeURI and '#' as %23 (pointer.js).
    const key = encoded
      .split('%23')
      .map((part) => decodeURI(part))
      .join('#')
      .replace(/~1/g, '/')
      .replace(/~0/g, '~');
    if (Array.isArray(current)) {
      path = pathWithIndex(path, Number(key));
      current = current[Number(key)];
    } else {
      path = pathWithKey(path, key);
      current =
        typeof current === 'object' && current !== null
          ? (current as Record<string, unknown>)[key]
          : undefined;
    }
  }
  return path;
}

function toIssue(unit: OutputUnit, previous: OutputUnit | undefined, root: unknown): ArgumentIssue {
  const path = toArgumentPath(unit.instanceLocation, root);
  if (unit.keyword === 'false') {
    // The library reports a `false` schema with the instance location as its
    // keyword location, so the wrapper just before it says where it came from.
    const isExtraProperty = previous?.keyword === 'additionalProperties';
    return {
      path,
      keyword: isExtraProperty ? 'additionalProperties' : 'false',
      message: isExtraProperty ? 'Property is not allowed.' : 'No value is allowed here.',
    };
  }
  return { path, keyword: unit.keyword, message: unit.error };
}

/**
 * Validate already-parsed arguments against a schema. Checks the value bounds
 * first (`ARGUMENT_COMPLEXITY`), then the schema (`INVALID_SCHEMA` when it fails
 * the subset gate), then the value (`ARGUMENTS_INVALID` with up to 8 issues in
 * `details.errors`, each with a JSON path).
 */
export function validateParsedArguments(
  value: Record<string, unknown>,
  schema: object,
  options: SchemaSubsetOptions = {},
): ArgumentsCheck {
  return checkArgumentBounds(value) ?? validateBoundedValue(value, schema, options);
}

function validateBoundedValue(
  value: Record<string, unknown>,
  schema: object,
  options: SchemaSubsetOptions,
): ArgumentsCheck {
  const compiled = compileArgumentValidator(schema, options);
  if (!compiled.ok) return compiled;
  let units: OutputUnit[];
  try {
    const result = compiled.validator.validate(value);
    if (result.valid) return { ok: true, value };
    units = result.errors;
  } catch {
    // The library throws on inputs it cannot address, e.g. a key with a lone
    // surrogate (encodeURI throws); refuse instead of letting the call through.
    return {
      ok: false,
      code: 'ARGUMENTS_INVALID',
      message: 'Tool arguments could not be validated.',
      details: { errors: [], reason: 'validator-error' },
    };
  }
  const issues = units.map((unit, index) => ({
    unit,
    issue: toIssue(unit, units[index - 1], value),
  }));
  const specific = issues.filter(({ unit }) => !WRAPPER_KEYWORDS.has(unit.keyword));
  const errors = (specific.length > 0 ? specific : issues)
    .slice(0, MAX_ARGUMENT_ISSUES)
    .map(({ issue }) => issue);
  const [first] = errors;
  const summary =
    first === undefined
      ? 'Tool arguments do not match the schema.'
      : `${first.message} At ${first.path}.`;
  return { ok: false, code: 'ARGUMENTS_INVALID', message: summary, details: { errors } };
}

/**
 * Parse raw tool-call argument text fail-closed and validate it against the tool's
 * input schema. This is the check to run immediately before dispatch.
 */
export function validateToolArguments(
  text: unknown,
  schema: object,
  options: SchemaSubsetOptions = {},
): ArgumentsCheck {
  const parsed = parseToolArguments(text);
  if (!parsed.ok) return parsed;
  return validateBoundedValue(parsed.value, schema, options);
}
