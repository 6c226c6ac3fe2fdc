// ## Owns
// The gate every tool input schema passes before the model sees the tool: custom
// tools when saved, MCP tools when discovered, and again when a validator is built
// for dispatch (study SCH-01, SCH-02, SCH-06).
// ## Never
// Validates arguments or trusts a schema it has not walked. Keywords outside the
// list are refused rather than ignored: an ignored `$ref`, `if` or
// `patternProperties` would make the model and the validator disagree about what
// the tool accepts, and unbounded ones are a denial-of-service lever.
import { ROOT_PATH, pathWithIndex, pathWithKey } from './json-path';
import { checkMcpHeaderKeyword, type McpHeaderBinding, type McpHeaderState } from './check-mcp-header';
import { checkSchemaLiteral, createLiteralBudget, type LiteralBudget } from './check-schema-literal';
import { checkSchemaPattern } from './check-schema-pattern';
import { SchemaIssueCollector, type SchemaIssue, type SchemaIssueCode } from './schema-issues';
import { SCHEMA_MAX_BRANCHES, SCHEMA_MAX_DEPTH, SCHEMA_MAX_ENUM, SCHEMA_MAX_NODES, SCHEMA_MAX_REQUIRED } from './schema-limits';

/** Options for {@link checkSchemaSubset}. */
export interface SchemaSubsetOptions {
  /**
   * Accept the MCP `x-mcp-header` extension. Only schemas discovered from an MCP
   * server may use it; custom tools post every argument in the body.
   * @default false
   */
  allowMcpHeader?: boolean;
}

/**
 * The gate's verdict. Refusals list up to 8 issues, each with a JSON path;
 * `truncated` means the walk stopped at that limit and more issues may exist.
 */
export type SchemaSubsetCheck =
  | { ok: true; mcpHeaders: McpHeaderBinding[] }
  | {
      ok: false;
      code: SchemaIssueCode;
      message: string;
      details: { errors: SchemaIssue[]; truncated: boolean };
    };

const SCHEMA_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
const COUNT_KEYWORDS = new Set(['minItems', 'maxItems', 'minLength', 'maxLength']);
const COMPOSITION_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf']);
const STRING_ANNOTATIONS = new Set(['$schema', 'title', 'description']);
const BOOLEAN_ANNOTATIONS = new Set(['deprecated', 'readOnly', 'writeOnly']);
const BOUND_PAIRS = [
  ['minItems', 'maxItems'],
  ['minLength', 'maxLength'],
  ['minimum', 'maximum'],
] as const;

interface WalkState {
  issues: SchemaIssueCollector;
  options: SchemaSubsetOptions;
  nodes: number;
  isStopped: boolean;
  hasReportedDepth: boolean;
  literals: LiteralBudget;
  mcpHeaders: McpHeaderState;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Check `schema` against the bounded subset: an object root with `type: "object"`,
 * boolean or object nodes below it, the listed keywords only, depth <= 20, <= 500
 * nodes, `enum` <= 1,000 entries, compositions of 1-20 branches and safe patterns.
 */
export function checkSchemaSubset(schema: unknown, options: SchemaSubsetOptions = {}): SchemaSubsetCheck {
  const state: WalkState = {
    issues: new SchemaIssueCollector(),
    options,
    nodes: 0,
    isStopped: false,
    hasReportedDepth: false,
    literals: createLiteralBudget(),
    mcpHeaders: { seen: new Set(), bindings: [] },
  };
  if (!isRecord(schema)) {
    state.issues.add('INVALID_SCHEMA', ROOT_PATH, 'The input schema must be a JSON object with type "object".');
  } else {
    if (schema['type'] !== 'object') {
      state.issues.add('INVALID_SCHEMA', pathWithKey(ROOT_PATH, 'type'), 'The root schema must declare type "object".');
    }
    visitNode(schema, ROOT_PATH, 0, [], state);
  }
  const [first] = state.issues.issues;
  if (first === undefined) return { ok: true, mcpHeaders: state.mcpHeaders.bindings };
  const count = state.issues.issues.length;
  const more = state.issues.hasMore ? ' (and possibly more issues)' : count > 1 ? ` (and ${count - 1} more)` : '';
  return {
    ok: false,
    code: first.code,
    message: `${first.message} At ${first.path}${more}.`,
    details: { errors: state.issues.issues, truncated: state.issues.hasMore },
  };
}

/** Walk one schema node. `propertyPath` is non-null while reached through `properties` only. */
function visitNode(node: unknown, path: string, depth: number, propertyPath: string[] | null, state: WalkState): void {
  if (state.isStopped) return;
  if (state.issues.isFull) {
    state.issues.hasMore = true;
    return;
  }
  state.nodes += 1;
  if (state.nodes > SCHEMA_MAX_NODES) {
    state.issues.add('SCHEMA_TOO_COMPLEX', path, `The schema has more than ${SCHEMA_MAX_NODES} nodes.`);
    state.isStopped = true;
    return;
  }
  if (depth > SCHEMA_MAX_DEPTH) {
    if (!state.hasReportedDepth) {
      state.issues.add('SCHEMA_TOO_COMPLEX', path, `The schema is nested deeper than ${SCHEMA_MAX_DEPTH} levels.`);
      state.hasReportedDepth = true;
    }
    return;
  }
  if (typeof node === 'boolean') return;
  if (!isRecord(node)) {
    state.issues.add('INVALID_SCHEMA', path, 'A schema must be an object or a boolean.');
    return;
  }
  for (const [keyword, value] of Object.entries(node)) {
    if (state.isStopped) return;
    if (state.issues.isFull) {
      state.issues.hasMore = true;
      return;
    }
    visitKeyword(node, keyword, value, pathWithKey(path, keyword), depth, propertyPath, state);
  }
  for (const [low, high] of BOUND_PAIRS) {
    const lowValue = node[low];
    const highValue = node[high];
    if (typeof lowValue === 'number' && typeof highValue === 'number' && lowValue > highValue) {
      state.issues.add('INVALID_SCHEMA', pathWithKey(path, high), `${high} is smaller than ${low}.`);
    }
  }
}

function visitKeyword(
  node: Record<string, unknown>,
  keyword: string,
  value: unknown,
  path: string,
  depth: number,
  propertyPath: string[] | null,
  state: WalkState,
): void {
  const { issues } = state;
  if (keyword === 'type') {
    if (Array.isArray(value)) issues.add('INVALID_SCHEMA', path, 'Type arrays are not supported; use anyOf.');
    else if (typeof value !== 'string' || !SCHEMA_TYPES.has(value)) issues.add('INVALID_SCHEMA', path, 'Unknown type.');
  } else if (keyword === 'properties') {
    if (!isRecord(value)) return issues.add('INVALID_SCHEMA', path, 'properties must be an object.');
    for (const [name, child] of Object.entries(value)) {
      visitNode(child, pathWithKey(path, name), depth + 1, propertyPath === null ? null : [...propertyPath, name], state);
    }
  } else if (keyword === 'required') {
    visitRequired(value, path, issues);
  } else if (keyword === 'additionalProperties') {
    if (typeof value !== 'boolean') issues.add('INVALID_SCHEMA', path, 'additionalProperties must be true or false.');
  } else if (keyword === 'items') {
    if (Array.isArray(value)) return issues.add('INVALID_SCHEMA', path, 'Tuple items are not supported.');
    visitNode(value, path, depth + 1, null, state);
  } else if (COUNT_KEYWORDS.has(keyword)) {
    if (!Number.isSafeInteger(value) || (value as number) < 0) {
      issues.add('INVALID_SCHEMA', path, `${keyword} must be a non-negative integer.`);
    }
  } else if (keyword === 'minimum' || keyword === 'maximum') {
    if (typeof value !== 'number' || !Number.isFinite(value)) issues.add('INVALID_SCHEMA', path, `${keyword} must be a finite number.`);
  } else if (keyword === 'enum') {
    if (!Array.isArray(value) || value.length === 0) return issues.add('INVALID_SCHEMA', path, 'enum must be a non-empty array.');
    if (value.length > SCHEMA_MAX_ENUM) return issues.add('SCHEMA_TOO_COMPLEX', path, `enum has more than ${SCHEMA_MAX_ENUM} entries.`);
    checkSchemaLiteral(value, path, state.literals, issues);
  } else if (keyword === 'const' || keyword === 'default') {
    checkSchemaLiteral(value, path, state.literals, issues);
  } else if (keyword === 'examples') {
    if (!Array.isArray(value)) return issues.add('INVALID_SCHEMA', path, 'examples must be an array.');
    checkSchemaLiteral(value, path, state.literals, issues);
  } else if (keyword === 'pattern') {
    if (typeof value !== 'string') return issues.add('INVALID_SCHEMA', path, 'pattern must be a string.');
    const verdict = checkSchemaPattern(value);
    if (!verdict.ok) issues.add(verdict.code, path, verdict.message);
  } else if (COMPOSITION_KEYWORDS.has(keyword)) {
    if (!Array.isArray(value) || value.length === 0) return issues.add('INVALID_SCHEMA', path, `${keyword} must be a non-empty array.`);
    if (value.length > SCHEMA_MAX_BRANCHES) {
      return issues.add('SCHEMA_TOO_COMPLEX', path, `${keyword} has more than ${SCHEMA_MAX_BRANCHES} branches.`);
    }
    value.forEach((branch: unknown, index) => visitNode(branch, pathWithIndex(path, index), depth + 1, null, state));
  } else if (STRING_ANNOTATIONS.has(keyword)) {
    if (typeof value !== 'string') issues.add('INVALID_SCHEMA', path, `${keyword} must be a string.`);
  } else if (BOOLEAN_ANNOTATIONS.has(keyword)) {
    if (typeof value !== 'boolean') issues.add('INVALID_SCHEMA', path, `${keyword} must be true or false.`);
  } else if (keyword === 'x-mcp-header' && state.options.allowMcpHeader === true) {
    checkMcpHeaderKeyword(value, node, propertyPath, path, state.mcpHeaders, issues);
  } else if (keyword === 'x-mcp-header') {
    issues.add('UNSUPPORTED_SCHEMA_KEYWORD', path, 'x-mcp-header is only allowed in schemas discovered from an MCP server.');
  } else {
    issues.add('UNSUPPORTED_SCHEMA_KEYWORD', path, `The keyword "${keyword.slice(0, 64)}" is not supported.`);
  }
}

function visitRequired(value: unknown, path: string, issues: SchemaIssueCollector): void {
  if (!Array.isArray(value)) return issues.add('INVALID_SCHEMA', path, 'required must be an array of property names.');
  if (value.length > SCHEMA_MAX_REQUIRED) {
    return issues.add('SCHEMA_TOO_COMPLEX', path, `required lists more than ${SCHEMA_MAX_REQUIRED} names.`);
  }
  const names = new Set<string>();
  for (const [index, name] of value.entries()) {
    if (typeof name !== 'string') return issues.add('INVALID_SCHEMA', pathWithIndex(path, index), 'required entries must be strings.');
    if (names.has(name)) return issues.add('INVALID_SCHEMA', pathWithIndex(path, index), `"${name}" is required twice.`);
    names.add(name);
  }
}
