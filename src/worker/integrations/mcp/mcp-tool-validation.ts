// ## Owns
// Deciding which advertised MCP tools the model may see:
// names present, unique and bounded; input schemas through the subset gate with
// `x-mcp-header` allowed; at most 500 valid tools; a hashed visible name each.
// Everything refused is reported with a reason for Probe, never silently dropped.
// ## Why tools are checked here, one by one, and not by the SDK
// The SDK validates a `tools/list` page as a whole, so one malformed tool made the
// whole server unusable, and it drops tools with a bad `x-mcp-header` with only a
// console warning. Discovery reads pages leniently and every tool is judged here:
// the valid ones are offered and each refusal carries its reason.
// ## Why the gate runs at list time and arguments are checked only at call time
// A tool whose schema we could not enforce must never reach the model, and Probe
// must show why it was left out, so the whole subset gate runs here. Checking a
// call's arguments against that schema is a different job that only a call
// needs: it happens when the model calls the tool (mcp-tool.ts), not for all 500.
import type { JsonValue } from '../../tools/define-tool';
import { checkSchemaSubset, type McpHeaderBinding } from '../../tools/schema-subset';
import { canonicalMcpTools, type CanonicalMcpTools } from '../canonical-mcp-tools';
import { mcpVisibleName } from '../trust-fingerprint';
import { createListMemo } from './mcp-tool-list-memo';

/** Most tools one server may contribute. */
export const MCP_MAX_TOOLS = 500;
const MAX_TOOL_NAME = 256;
const MAX_DESCRIPTION = 2_000;

/** A tool the model may call, with what routing and the header mapping need. */
export interface McpToolEntry {
  /** The server's exact name; routing uses it unchanged. */
  readonly name: string;
  readonly visibleName: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly mcpHeaders: readonly McpHeaderBinding[];
  /** The tool as the server sent it, for the SDK's header mirroring at call time. */
  readonly definition: Record<string, JsonValue>;
}

/** A tool left out, and why. */
export interface RejectedMcpTool {
  readonly name: string;
  readonly code: string;
  readonly message: string;
  readonly path?: string;
}

// Servers are rediscovered at every run start once their TTL ends, and send the
// same schemas again; the verdict of an identical schema text is reused. The key
// is the exact JSON, so any change to a schema is judged afresh.
const verdicts = new Map<string, ReturnType<typeof checkSchemaSubset>>();
const MAX_VERDICTS = 4_096;

// The schema's exact text comes back too: the fingerprint's canonical text is
// remembered by the same key, so the schema is written out once, not twice.
function gateOf(schema: unknown): {
  verdict: ReturnType<typeof checkSchemaSubset>;
  exact: string | undefined;
} {
  let key: string | undefined;
  try {
    key = JSON.stringify(schema);
  } catch {
    key = undefined; // cyclic or unserializable: the gate reports it
  }
  const cached = key === undefined ? undefined : verdicts.get(key);
  if (cached !== undefined) return { verdict: cached, exact: key };
  const verdict = checkSchemaSubset(schema, { allowMcpHeader: true });
  if (key !== undefined && key.length <= 65_536) {
    if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
    verdicts.set(key, verdict);
  }
  return { verdict, exact: key };
}

/** What was decided about one list: the tools offered (by position) and those refused. */
interface Judgement {
  readonly offered: readonly Offered[];
  readonly rejected: readonly RejectedMcpTool[];
  /** The schemas' exact texts, by position in `offered`, until the canonical text exists. */
  exactSchemas: (string | undefined)[] | null;
  canonical: CanonicalMcpTools | null;
}

interface Offered {
  readonly index: number;
  readonly name: string;
  readonly visibleName: string;
  readonly description: string;
  readonly mcpHeaders: readonly McpHeaderBinding[];
}

/** The valid tools, the refused ones, and the canonical text the fingerprint hashes. */
export interface ValidatedTools {
  readonly tools: McpToolEntry[];
  readonly rejected: RejectedMcpTool[];
  /** Computed at the first ask and kept with the judgement of this exact list. */
  canonical(): CanonicalMcpTools;
}

const judgements = createListMemo<Judgement>();

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Validate the advertised list (as JSON.parse made it); order is kept so the
 * model sees the server's order. A list whose exact text was judged before gets
 * the same verdicts without every tool being looked at again.
 */
export function validateAdvertisedTools(
  serverId: string,
  serverName: string,
  advertised: readonly unknown[],
): ValidatedTools {
  const key = judgements.keyOf([serverId, serverName], advertised);
  let judgement = key === null ? undefined : judgements.get(key);
  if (judgement === undefined) {
    judgement = judge(serverId, serverName, advertised);
    if (key !== null) judgements.set(key, judgement);
  }
  // The entries point at this response's own objects, which nothing else holds.
  const tools = judgement.offered.map((offered): McpToolEntry => {
    const tool = advertised[offered.index] as Record<string, JsonValue>;
    return {
      name: offered.name,
      visibleName: offered.visibleName,
      description: offered.description,
      inputSchema: tool['inputSchema'] as Record<string, unknown>,
      mcpHeaders: offered.mcpHeaders,
      definition: tool,
    };
  });
  const kept = judgement;
  return {
    tools,
    rejected: kept.rejected.map((refusal) => ({ ...refusal })),
    canonical: () => {
      if (kept.canonical === null) {
        kept.canonical = canonicalMcpTools(tools, kept.exactSchemas ?? undefined);
        kept.exactSchemas = null;
      }
      return kept.canonical;
    },
  };
}

function judge(serverId: string, serverName: string, advertised: readonly unknown[]): Judgement {
  const offered: Offered[] = [];
  const exactSchemas: (string | undefined)[] = [];
  const rejected: RejectedMcpTool[] = [];
  const counts = new Map<string, number>();
  for (const tool of advertised) {
    if (isRecord(tool) && typeof tool['name'] === 'string')
      counts.set(tool['name'], (counts.get(tool['name']) ?? 0) + 1);
  }
  const seenVisible = new Set<string>();
  for (const [index, tool] of advertised.entries()) {
    const name = isRecord(tool) && typeof tool['name'] === 'string' ? tool['name'] : '';
    const shownName = name.slice(0, MAX_TOOL_NAME) || '(unnamed)';
    if (
      !isRecord(tool) ||
      name === '' ||
      name.length > MAX_TOOL_NAME ||
      /[\u0000-\u001f\u007f]/.test(name)
    ) {
      rejected.push({
        name: shownName,
        code: 'MCP_INVALID_TOOL',
        message: `A tool needs a name of 1-${MAX_TOOL_NAME} printable characters.`,
      });
      continue;
    }
    // Every copy goes: the model would see one schema while the server may check another.
    if ((counts.get(name) ?? 0) > 1) {
      rejected.push({
        name: shownName,
        code: 'MCP_DUPLICATE_TOOL',
        message: 'The server advertises this name more than once.',
      });
      continue;
    }
    if (offered.length >= MCP_MAX_TOOLS) {
      rejected.push({
        name: shownName,
        code: 'MCP_TOOL_LIMIT',
        message: `Only the first ${MCP_MAX_TOOLS} valid tools are offered.`,
      });
      continue;
    }
    const { verdict: gate, exact } = gateOf(tool['inputSchema']);
    if (!gate.ok) {
      const first = gate.details.errors[0];
      rejected.push({
        name: shownName,
        code: gate.code,
        message: first ? `${first.path}: ${first.message}` : gate.message,
        ...(first ? { path: first.path } : {}),
      });
      continue;
    }
    const visibleName = mcpVisibleName(serverId, serverName, name);
    if (seenVisible.has(visibleName)) {
      rejected.push({
        name: shownName,
        code: 'MCP_DUPLICATE_TOOL',
        message: 'Its visible name collides with another tool.',
      });
      continue;
    }
    seenVisible.add(visibleName);
    const description =
      typeof tool['description'] === 'string' ? tool['description'].slice(0, MAX_DESCRIPTION) : '';
    offered.push({ index, name, visibleName, description, mcpHeaders: gate.mcpHeaders });
    exactSchemas.push(exact);
  }
  return { offered, rejected, exactSchemas, canonical: null };
}
