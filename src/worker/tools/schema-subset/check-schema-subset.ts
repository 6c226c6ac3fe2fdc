// ## Owns
// The gate every tool input schema passes before the model sees the tool: custom
// tools when saved, MCP tools when discovered, and again when a validator is built
// for dispatch.
// ## Never
// Validates arguments or trusts a schema it has not walked. Keywords outside the
// list are refused rather than ignored: an ignored `$ref`, `if` or
// `patternProperties` would make the model and the validator disagree about what
// the tool accepts, and unbounded ones are a denial-of-service lever.
import { ROOT_PATH, pathWithIndex, pathWithKey } from './json-path';
import {
  checkMcpHeaderKeyword,
  type McpHeaderBinding,
  type McpHeaderState,
} from './check-mcp-header';
import { createLiteralBudget, type LiteralBudget } from './check-schema-literal';
import { checkBoundPairs, checkLeafKeyword, isRecord } from './check-schema-keyword';
import { SchemaIssueCollector, type SchemaIssue, type SchemaIssueCode } from './schema-issues';
import { SCHEMA_MAX_BRANCHES, SCHEMA_MAX_DEPTH, SCHEMA_MAX_NODES } from './schema-limits';

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

const COMPOSITION_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf']);

interface WalkState {
  root: Record<string, unknown> | null;
  issues: SchemaIssueCollector;
  options: SchemaSubsetOptions;
  nodes: number;
  isStopped: boolean;
  hasReportedDepth: boolean;
  literals: LiteralBudget;
  mcpHeaders: McpHeaderState;
}

/**
 * Check `schema` against the bounded subset: an object root with `type: "object"`,
 * boolean or object nodes below it, the listed keywords only, depth <= 20, <= 500
 * nodes, `enum` <= 1,000 entries, compositions of 1-20 branches and safe patterns.
 */
export function checkSchemaSubset(
  schema: unknown,
  options: SchemaSubsetOptions = {},
): SchemaSubsetCheck {
  const state: WalkState = {
    root: isRecord(schema) ? schema : null,
    issues: new SchemaIssueCollector(),
    options,
    nodes: 0,
    isStopped: false,
    hasReportedDepth: false,
    literals: createLiteralBudget(),
    mcpHeaders: { seen: new Set(), bindings: [] },
  };
  if (!isRecord(schema)) {
    state.issues.add(
      'INVALID_SCHEMA',
      ROOT_PATH,
      'The input schema must be a JSON object with type "object".',
    );
  } else {
    if (schema['type'] !== 'object') {
      state.issues.add(
        'INVALID_SCHEMA',
        pathWithKey(ROOT_PATH, 'type'),
        'The root schema must declare type "object".',
      );
    }
    visitNode(schema, ROOT_PATH, 0, [], state);
  }
  const [first] = state.issues.issues;
  if (first === undefined) return { ok: true, mcpHeaders: state.mcpHeaders.bindings };
  const count = state.issues.issues.length;
  const more = state.issues.hasMore
    ? ' (and possibly more issues)'
    : count > 1
      ? ` (and ${count - 1} more)`
      : '';
  return {
    ok: false,
    code: first.code,
    message: `${first.message} At ${first.path}${more}.`,
    details: { errors: state.issues.issues, truncated: state.issues.hasMore },
  };
}

/** Walk one schema node. `propertyPath` is non-null while reached through `properties` only. */
function visitNode(
  node: unknown,
  path: string,
  depth: number,
  propertyPath: string[] | null,
  state: WalkState,
): void {
  if (state.isStopped) return;
  if (state.issues.isFull) {
    state.issues.hasMore = true;
    return;
  }
  state.nodes += 1;
  if (state.nodes > SCHEMA_MAX_NODES) {
    state.issues.add(
      'SCHEMA_TOO_COMPLEX',
      path,
      `The schema has more than ${SCHEMA_MAX_NODES} nodes.`,
    );
    state.isStopped = true;
    return;
  }
  if (depth > SCHEMA_MAX_DEPTH) {
    if (!state.hasReportedDepth) {
      state.issues.add(
        'SCHEMA_TOO_COMPLEX',
        path,
        `The schema is nested deeper than ${SCHEMA_MAX_DEPTH} levels.`,
      );
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
  checkBoundPairs(node, path, state.issues);
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
  if (checkLeafKeyword(keyword, value, path, state.literals, issues)) return;
  if (keyword === 'properties') {
    if (!isRecord(value))
      return issues.add('INVALID_SCHEMA', path, 'properties must be an object.');
    for (const [name, child] of Object.entries(value)) {
      const childPropertyPath = propertyPath === null ? null : [...propertyPath, name];
      visitNode(child, pathWithKey(path, name), depth + 1, childPropertyPath, state);
    }
  } else if (keyword === 'items') {
    if (Array.isArray(value))
      return issues.add('INVALID_SCHEMA', path, 'Tuple items are not supported.');
    visitNode(value, path, depth + 1, null, state);
  } else if (COMPOSITION_KEYWORDS.has(keyword)) {
    if (!Array.isArray(value) || value.length === 0) {
      return issues.add('INVALID_SCHEMA', path, `${keyword} must be a non-empty array.`);
    }
    if (value.length > SCHEMA_MAX_BRANCHES) {
      return issues.add(
        'SCHEMA_TOO_COMPLEX',
        path,
        `${keyword} has more than ${SCHEMA_MAX_BRANCHES} branches.`,
      );
    }
    value.forEach((branch: unknown, index) =>
      visitNode(branch, pathWithIndex(path, index), depth + 1, null, state),
    );
  } else if (keyword === '$defs' || keyword === 'definitions') {
    if (depth !== 0 || !isRecord(value))
      return issues.add('INVALID_SCHEMA', path, `${keyword} must be an object at the root.`);
    for (const [name, child] of Object.entries(value))
      visitNode(child, pathWithKey(path, name), depth + 1, null, state);
  } else if (keyword === '$ref') {
    checkLocalRef(value, path, state);
  } else if (keyword === 'x-mcp-header' && state.options.allowMcpHeader === true) {
    checkMcpHeaderKeyword(value, node, propertyPath, path, state.mcpHeaders, issues);
  } else if (keyword === 'x-mcp-header') {
    issues.add(
      'UNSUPPORTED_SCHEMA_KEYWORD',
      path,
      'x-mcp-header is only allowed in schemas discovered from an MCP server.',
    );
  } else {
    issues.add(
      'UNSUPPORTED_SCHEMA_KEYWORD',
      path,
      `The keyword "${keyword.slice(0, 64)}" is not supported.`,
    );
  }
}

// Only references into the root's own definitions are followed: the validator
// then never fetches, and the gate has walked every schema a reference can reach.
const LOCAL_REF = /^#\/(\$defs|definitions)\/([^/]+)$/;

function checkLocalRef(value: unknown, path: string, state: WalkState): void {
  const match = typeof value === 'string' ? LOCAL_REF.exec(value) : null;
  const name = match?.[2]?.replace(/~1/g, '/').replace(/~0/g, '~');
  const definitions = match ? state.root?.[match[1]!] : undefined;
  if (name === undefined || !isRecord(definitions) || !Object.hasOwn(definitions, name))
    state.issues.add(
      'INVALID_SCHEMA',
      path,
      '$ref must point to a definition of this schema (#/$defs/<name>).',
    );
}
