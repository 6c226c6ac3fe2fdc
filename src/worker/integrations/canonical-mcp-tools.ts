// ## Owns
// The canonical text of the tools an MCP server advertises, as its trust
// fingerprint hashes them: sorted by name, each `{description, inputSchema, name}`
// with the schema's keys sorted. Only this file makes a `CanonicalMcpTools`, so a
// text handed to the fingerprint is always one computed from real tools.
// ## Why a value of its own
// A server is rediscovered at every run start once its TTL ends and usually sends
// the same list again. Discovery remembers the judgement of an exact list text
// (mcp-tool-list-memo.ts) and keeps this canonical text with it, so rediscovering
// an unchanged server neither re-sorts every schema nor re-hashes the whole list.
import { canonicalJson } from './canonical-json';

/** One tool as an MCP server advertised it. */
export interface McpToolFingerprintInput {
  name: string;
  description?: string | undefined;
  inputSchema: unknown;
}

// Held only here, so no other file can wrap an arbitrary text as canonical.
const MADE_HERE = Symbol('canonical-mcp-tools');

/** The canonical JSON array of a tool list; build it with {@link canonicalMcpTools}. */
export class CanonicalMcpTools {
  constructor(
    proof: symbol,
    readonly text: string,
  ) {
    if (proof !== MADE_HERE) throw new TypeError('Use canonicalMcpTools to build this.');
  }
}

/**
 * The canonical text of `tools`. `exactSchemas[index]`, when given, must be
 * `JSON.stringify(tools[index].inputSchema)`: a caller that already wrote it saves
 * writing it again for the memo below.
 */
export function canonicalMcpTools(
  tools: readonly McpToolFingerprintInput[],
  exactSchemas?: readonly (string | undefined)[],
): CanonicalMcpTools {
  const order = tools.map((_, index) => index);
  order.sort((left, right) => {
    const a = tools[left]!.name;
    const b = tools[right]!.name;
    return a < b ? -1 : a > b ? 1 : 0;
  });
  const parts = order.map((index) => {
    const tool = tools[index]!;
    const schema = canonicalSchemaText(tool.inputSchema, exactSchemas?.[index]);
    return `{"description":${JSON.stringify(tool.description ?? null)},"inputSchema":${schema},"name":${JSON.stringify(tool.name)}}`;
  });
  return new CanonicalMcpTools(MADE_HERE, `[${parts.join(',')}]`);
}

// Sorting each schema's keys anew was most of the fingerprint's cost, and servers
// send the same schemas again. The canonical text is remembered by the schema's
// exact JSON text: equal texts mean equal schemas as JSON carries them, and any
// change to a schema is a new text, canonicalized (and checked) afresh. Only
// texts that canonicalized are kept.
const canonicalSchemas = new Map<string, string>();
const MAX_CANONICAL_SCHEMAS = 4_096;

function canonicalSchemaText(schema: unknown, given: string | undefined): string {
  let exact = given;
  if (exact === undefined) {
    try {
      exact = JSON.stringify(schema) as string | undefined;
    } catch {
      exact = undefined; // a cycle or a bigint: canonicalJson below says which
    }
  }
  const known = exact === undefined ? undefined : canonicalSchemas.get(exact);
  if (known !== undefined) return known;
  // A schema sits three levels down (fields, tools, tool): the depth limit counts them.
  const canonical = canonicalJson(schema, 3);
  if (exact !== undefined && exact.length <= 65_536) {
    // Stryker disable next-line all: the bound only caps the memo's memory; texts are the same either way
    if (canonicalSchemas.size >= MAX_CANONICAL_SCHEMAS) canonicalSchemas.clear();
    canonicalSchemas.set(exact, canonical);
  }
  return canonical;
}
