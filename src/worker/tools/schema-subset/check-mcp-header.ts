// ## Owns
// Schema-side rules for the MCP `x-mcp-header` extension: a property
// annotated with it is sent as the `Mcp-Param-<name>` header instead of in the JSON
// body. The header name comes from a server, so it must be a plain HTTP token, must
// not collide with another annotated property, and must sit where the call side can
// find it: on a scalar property reached from the root through `properties` only.
// @see https://modelcontextprotocol.io/specification/draft/basic/transports
import type { SchemaIssueCollector } from './schema-issues';

/** Where an annotated argument lives and which header carries it. */
export interface McpHeaderBinding {
  /** Property names from the root, e.g. `['options', 'region']`. */
  propertyPath: string[];
  /** The `x-mcp-header` value as declared; the header is `Mcp-Param-<header>`. */
  header: string;
  type: 'string' | 'integer' | 'boolean';
}

const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// `Mcp-Param-` plus the name must still fit the 128-character header-name limit.
const MAX_MCP_HEADER_NAME_LENGTH = 128 - 'mcp-param-'.length;
const SCALAR_TYPES = new Set(['string', 'integer', 'boolean']);

/** Per-schema state: names seen so far, case-insensitively, and the bindings. */
export interface McpHeaderState {
  seen: Set<string>;
  bindings: McpHeaderBinding[];
}

/**
 * Check one `x-mcp-header` keyword. `propertyPath` is the chain of property names
 * when the node is reachable through `properties` only, else `null`.
 */
export function checkMcpHeaderKeyword(
  value: unknown,
  node: Record<string, unknown>,
  propertyPath: string[] | null,
  keywordPath: string,
  state: McpHeaderState,
  issues: SchemaIssueCollector,
): void {
  if (
    typeof value !== 'string' ||
    value.length > MAX_MCP_HEADER_NAME_LENGTH ||
    !HTTP_TOKEN.test(value)
  ) {
    issues.add(
      'INVALID_MCP_HEADER',
      keywordPath,
      `x-mcp-header must be an HTTP token of 1-${MAX_MCP_HEADER_NAME_LENGTH} characters.`,
    );
    return;
  }
  if (propertyPath === null || propertyPath.length === 0) {
    issues.add(
      'INVALID_MCP_HEADER',
      keywordPath,
      'x-mcp-header is allowed only on a property reached through properties.',
    );
    return;
  }
  const type = node['type'];
  if (typeof type !== 'string' || !SCALAR_TYPES.has(type)) {
    issues.add(
      'INVALID_MCP_HEADER',
      keywordPath,
      'x-mcp-header needs a property of type string, integer or boolean.',
    );
    return;
  }
  const lower = value.toLowerCase();
  if (state.seen.has(lower)) {
    issues.add('DUPLICATE_MCP_HEADER', keywordPath, `x-mcp-header "${value}" is declared twice.`);
    return;
  }
  state.seen.add(lower);
  state.bindings.push({ propertyPath, header: value, type: type as McpHeaderBinding['type'] });
}
