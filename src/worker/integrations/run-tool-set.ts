// ## Owns
// The external tools of one run: every
// enabled custom tool and every enabled MCP server's tools, which of them the user
// trusts, and what went wrong. A broken or unreachable server never aborts the
// run: it contributes no tools, the person gets a notice and the model is told the
// tool set is partial.
import type { ErrorCode } from '../../shared/protocol/error-codes';
import type { TrustCheck } from '../tools/approval-policy';
import type { ToolDefinition } from '../tools/define-tool';
import { createCustomHttpTool } from './custom-http/custom-http-tool';
import { isCustomToolTrusted } from './integration-trust';
import type { IntegrationStore } from './integration-store';
import {
  discoverMcpServer,
  discoveryFingerprint,
  type McpDiscoveryDeps,
} from './mcp/mcp-discovery';
import type { McpInteractiveSignIn } from './mcp/mcp-run-sign-in';
import { createMcpTool } from './mcp/mcp-tool';
import { prepareSkillRunSet, type SkillRunDeps } from '../skills/skill-run-set';

/** Something the person should see about the run's tool set. */
export interface IntegrationNotice {
  readonly level: 'info' | 'warning';
  readonly code: ErrorCode;
  readonly message: string;
}

/** What the run loop adds to its registry for one run. */
export interface RunToolSet {
  readonly tools: readonly ToolDefinition<Record<string, unknown>>[];
  /** Route ids (`destination.routeId`) whose integration the user trusts exactly as it is now. */
  readonly trustedRouteIds: ReadonlySet<string>;
  /** The approval policy's trust input for this run's tools. */
  readonly trusted: TrustCheck;
  readonly notices: readonly IntegrationNotice[];
  /** For the model when something is missing; null when the set is complete. */
  readonly modelNote: string | null;
  /** The enabled skills' labelled instructions; null or absent when there are none. */
  readonly skillText?: string | null;
}

/** What building a run's tool set needs. */
export interface RunToolSetDeps extends McpDiscoveryDeps {
  readonly store: IntegrationStore;
  /** Offered to the person when a call needs a sign-in. */
  readonly signIn?: McpInteractiveSignIn;
  /** The saved skills and how their download jobs save files; absent: no skills. */
  readonly skills?: Omit<SkillRunDeps, 'fetch'>;
}

/** Build the external tool set of a run; never throws. */
export async function prepareRunToolSet(
  deps: RunToolSetDeps,
  signal: AbortSignal,
): Promise<RunToolSet> {
  const tools: ToolDefinition<Record<string, unknown>>[] = [];
  const trustedRouteIds = new Set<string>();
  const notices: IntegrationNotice[] = [];
  const missing: string[] = [];
  const [customTools, servers, skills] = await Promise.all([
    deps.store.customTools().catch(() => []),
    deps.store.mcpServers().catch(() => []),
    deps.skills ? prepareSkillRunSet({ ...deps.skills, fetch: deps.fetch }) : null,
  ]);
  for (const record of customTools.filter((tool) => tool.enabled)) {
    const tool = createCustomHttpTool(record, { fetch: deps.fetch });
    tools.push(tool);
    if ((await isCustomToolTrusted(record)) && tool.destination)
      trustedRouteIds.add(tool.destination.routeId);
  }
  if (skills) {
    tools.push(...skills.tools);
    for (const id of skills.trustedRouteIds) trustedRouteIds.add(id);
    notices.push(...skills.notices);
  }
  // Servers are discovered in parallel; each failure stays with its server.
  const discovered = await Promise.all(
    servers
      .filter((server) => server.enabled)
      .map(async (server) => ({
        server,
        outcome: await discoverMcpServer(server, deps, { signal }),
      })),
  );
  for (const { server, outcome } of discovered) {
    if (!outcome.ok) {
      notices.push({
        level: 'warning',
        code: outcome.code,
        message: `MCP server "${server.name}" is unavailable for this response: [${outcome.code}] ${outcome.message}`,
      });
      missing.push(`MCP server "${server.name}" (${outcome.code})`);
      continue;
    }
    const isTrusted =
      server.trust !== null &&
      server.trust.fingerprint === (await discoveryFingerprint(server, outcome.discovery));
    if (server.trust !== null && !isTrusted) {
      notices.push({
        level: 'info',
        code: 'TOOL_DENIED',
        message: `MCP server "${server.name}" changed its tools since you trusted it; its calls will ask for approval until you review it again.`,
      });
    }
    for (const entry of outcome.discovery.tools) {
      const tool = createMcpTool(server, outcome.discovery, entry, {
        fetch: deps.fetch,
        cache: deps.cache,
        ...(deps.authFor ? { authFor: deps.authFor } : {}),
        ...(deps.signIn ? { signIn: deps.signIn } : {}),
      });
      tools.push(tool);
      if (isTrusted && tool.destination) trustedRouteIds.add(tool.destination.routeId);
    }
    if (outcome.discovery.rejected.length > 0) {
      notices.push({
        level: 'info',
        code: 'MCP_INVALID_TOOL',
        message: `MCP server "${server.name}": ${outcome.discovery.rejected.length} tool(s) were left out (see Settings -> MCP -> Probe tools).`,
      });
    }
  }
  const modelNote =
    missing.length === 0
      ? null
      : `The tool set is partial: ${missing.join(', ')} could not be reached, so its tools are missing from this response. Tell the user if a missing tool was needed.`;
  return {
    tools,
    trustedRouteIds,
    trusted: (tool) =>
      tool.destination !== undefined &&
      trustedRouteIds.has(tool.destination.routeId) &&
      tools.includes(tool as ToolDefinition<Record<string, unknown>>),
    notices,
    modelNote,
    skillText: skills?.instructions ?? null,
  };
}
