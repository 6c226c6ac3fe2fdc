// Checks for the keywords whose values are not schemas: types, bounds, literals,
// patterns and annotations. The walker in check-schema-subset.ts owns recursion.
import { pathWithIndex, pathWithKey } from './json-path';
import { checkSchemaLiteral, type LiteralBudget } from './check-schema-literal';
import { checkSchemaPattern } from './check-schema-pattern';
import type { SchemaIssueCollector } from './schema-issues';
import { SCHEMA_MAX_ENUM, SCHEMA_MAX_REQUIRED } from './schema-limits';

const SCHEMA_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
const COUNT_KEYWORDS = new Set(['minItems', 'maxItems', 'minLength', 'maxLength']);
const STRING_ANNOTATIONS = new Set(['$schema', 'title', 'description']);
const BOOLEAN_ANNOTATIONS = new Set(['deprecated', 'readOnly', 'writeOnly']);
const BOUND_PAIRS = [
  ['minItems', 'maxItems'],
  ['minLength', 'maxLength'],
  ['minimum', 'maximum'],
] as const;

/** Whether `value` is a plain object (not an array, class instance or null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Check one keyword that holds no subschema. Returns false when `keyword` is not
 * such a keyword, so the caller can treat it as a schema keyword or refuse it.
 */
export function checkLeafKeyword(
  keyword: string,
  value: unknown,
  path: string,
  literals: LiteralBudget,
  issues: SchemaIssueCollector,
): boolean {
  if (keyword === 'type') {
    // A list of types is how 2020-12 declares a nullable parameter: ["string", "null"].
    const types: unknown[] = Array.isArray(value) ? value : [value];
    if (
      types.length === 0 ||
      new Set(types).size !== types.length ||
      !types.every((type) => typeof type === 'string' && SCHEMA_TYPES.has(type))
    )
      issues.add('INVALID_SCHEMA', path, 'Unknown type, or a type list that repeats.');
  } else if (keyword === 'required') {
    checkRequired(value, path, issues);
  } else if (keyword === 'additionalProperties') {
    if (typeof value !== 'boolean')
      issues.add('INVALID_SCHEMA', path, 'additionalProperties must be true or false.');
  } else if (COUNT_KEYWORDS.has(keyword)) {
    if (!Number.isSafeInteger(value) || (value as number) < 0) {
      issues.add('INVALID_SCHEMA', path, `${keyword} must be a non-negative integer.`);
    }
  } else if (keyword === 'minimum' || keyword === 'maximum') {
    if (typeof value !== 'number' || !Number.isFinite(value))
      issues.add('INVALID_SCHEMA', path, `${keyword} must be a finite number.`);
  } else if (keyword === 'enum') {
    if (!Array.isArray(value) || value.length === 0)
      issues.add('INVALID_SCHEMA', path, 'enum must be a non-empty array.');
    else if (value.length > SCHEMA_MAX_ENUM)
      issues.add('SCHEMA_TOO_COMPLEX', path, `enum has more than ${SCHEMA_MAX_ENUM} entries.`);
    else checkSchemaLiteral(value, path, literals, issues);
  } else if (keyword === 'const' || keyword === 'default') {
    checkSchemaLiteral(value, path, literals, issues);
  } else if (keyword === 'examples') {
    if (!Array.isArray(value)) issues.add('INVALID_SCHEMA', path, 'examples must be an array.');
    else checkSchemaLiteral(value, path, literals, issues);
  } else if (keyword === 'pattern') {
    const verdict = typeof value === 'string' ? checkSchemaPattern(value) : undefined;
    if (verdict === undefined) issues.add('INVALID_SCHEMA', path, 'pattern must be a string.');
    else if (!verdict.ok) issues.add(verdict.code, path, verdict.message);
  } else if (STRING_ANNOTATIONS.has(keyword)) {
    if (typeof value !== 'string')
      issues.add('INVALID_SCHEMA', path, `${keyword} must be a string.`);
  } else if (BOOLEAN_ANNOTATIONS.has(keyword)) {
    if (typeof value !== 'boolean')
      issues.add('INVALID_SCHEMA', path, `${keyword} must be true or false.`);
  } else {
    return false;
  }
  return true;
}

/** Refuse a lower bound above its upper bound, at the upper bound's path. */
export function checkBoundPairs(
  node: Record<string, unknown>,
  path: string,
  issues: SchemaIssueCollector,
): void {
  for (const [low, high] of BOUND_PAIRS) {
    const lowValue = node[low];
    const highValue = node[high];
    if (typeof lowValue === 'number' && typeof highValue === 'number' && lowValue > highValue) {
      issues.add('INVALID_SCHEMA', pathWithKey(path, high), `${high} is smaller than ${low}.`);
    }
  }
}

function checkRequired(value: unknown, path: string, issues: SchemaIssueCollector): void {
  if (!Array.isArray(value))
    return issues.add('INVALID_SCHEMA', path, 'required must be an array of property names.');
  if (value.length > SCHEMA_MAX_REQUIRED) {
    return issues.add(
      'SCHEMA_TOO_COMPLEX',
      path,
      `required lists more than ${SCHEMA_MAX_REQUIRED} names.`,
    );
  }
  const names = new Set<string>();
  for (const [index, name] of value.entries()) {
    const at = pathWithIndex(path, index);
    if (typeof name !== 'string')
      return issues.add('INVALID_SCHEMA', at, 'required entries must be strings.');
    if (names.has(name)) return issues.add('INVALID_SCHEMA', at, `"${name}" is required twice.`);
    names.add(name);
  }
}
