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
import { Validator } from '@cfworker/json-schema';
import { refusalFromUnits, unitsFromLibrary } from './argument-issues';
import { checkSchemaSubset, type SchemaSubsetOptions } from './schema-subset';
import { compileSubsetPlan, type Plan } from './subset-plan';
import { runSubsetPlan } from './subset-validator';
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

export { MAX_ARGUMENT_ISSUES, type ArgumentIssue } from './argument-issues';

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

/**
 * A gated schema ready for validation: the library's validator, and the plan of the
 * ported fast path when the schema allows one (see subset-validator.ts).
 */
type Compiled = { ok: true; validator: Validator; plan: Plan | undefined } | ArgumentsFailure;

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

function withPlan(copy: object): { validator: Validator; plan: Plan | undefined } {
  return { validator: new Validator(copy, '2020-12', false), plan: compileSubsetPlan(copy) };
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
    ? {
        ok: true,
        ...withPlan(copyForValidator(schema) as object),
      }
    : {
        ok: false,
        code: 'INVALID_SCHEMA',
        message: `The tool's input schema is not supported: ${gate.message}`,
        details: gate.details,
      };
  cache.set(schema, compiled);
  return compiled;
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
  return checkArgumentBounds(value) ?? validateBoundedValue(value, schema, options, true);
}

/**
 * `validateParsedArguments` by @cfworker/json-schema alone, never the ported fast
 * path: the reference the tests compare the fast path with.
 */
export function validateParsedArgumentsWithLibrary(
  value: Record<string, unknown>,
  schema: object,
  options: SchemaSubsetOptions = {},
): ArgumentsCheck {
  return checkArgumentBounds(value) ?? validateBoundedValue(value, schema, options, false);
}

function validateBoundedValue(
  value: Record<string, unknown>,
  schema: object,
  options: SchemaSubsetOptions,
  mayUsePlan: boolean,
): ArgumentsCheck {
  const compiled = compileArgumentValidator(schema, options);
  if (!compiled.ok) return compiled;
  const fast =
    mayUsePlan && compiled.plan !== undefined ? runSubsetPlan(value, compiled.plan) : undefined;
  const units = fast ?? unitsFromLibrary(value, compiled.validator);
  if (units === undefined) {
    // The library throws on inputs it cannot address, e.g. a key with a lone
    // surrogate (encodeURI throws); refuse instead of letting the call through.
    return {
      ok: false,
      code: 'ARGUMENTS_INVALID',
      message: 'Tool arguments could not be validated.',
      details: { errors: [], reason: 'validator-error' },
    };
  }
  return units.length === 0 ? { ok: true, value } : refusalFromUnits(units);
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
  return validateBoundedValue(parsed.value, schema, options, true);
}
