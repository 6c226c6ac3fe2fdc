// ## Owns
// What Settings shows for an MCP server: a discovery turned into a bounded probe
// result, and the interactive sign-in, which is a probe whose OAuth provider may
// open the authorization page (the person clicked Sign in).
import type { McpProbeResult } from '../../../shared/protocol/integration-messages';
import type { McpServerRecord } from '../integration-records';
import { createMcpAuthProvider, type McpAuthDeps } from './mcp-auth';
import { discoverMcpServer, type DiscoveryOutcome, type McpDiscoveryDeps } from './mcp-discovery';

/** A discovery outcome as the probe view shows it. */
export function toProbeResult(outcome: DiscoveryOutcome): McpProbeResult {
  if (!outcome.ok)
    return { ok: false, code: outcome.code, message: outcome.message.slice(0, 1_000) };
  const { discovery, cache } = outcome;
  return {
    ok: true,
    negotiatedVersion: discovery.negotiatedVersion,
    isFallback: discovery.isFallback,
    tools: discovery.tools.map((tool) => ({
      name: tool.name.slice(0, 256),
      visibleName: tool.visibleName,
      description: tool.description,
    })),
    rejected: discovery.rejected.slice(0, 1_000).map((tool) => ({
      ...tool,
      message: tool.message.slice(0, 1_000),
      ...(tool.path ? { path: tool.path.slice(0, 512) } : {}),
    })),
    pages: discovery.pages,
    cache,
  };
}

/** Sign in to `server` (opens the authorization page), then probe it. */
export async function signInToMcpServer(
  server: McpServerRecord,
  deps: McpDiscoveryDeps,
  auth: McpAuthDeps,
  signal: AbortSignal,
): Promise<McpProbeResult> {
  const provider = createMcpAuthProvider(server, auth, { interactive: true, signal });
  const outcome = await discoverMcpServer(
    server,
    { ...deps, authFor: () => provider },
    { signal, force: true },
  );
  return toProbeResult(outcome);
}

/** Whether a sign-in is stored for `server`. */
export async function isSignedIn(server: McpServerRecord, auth: McpAuthDeps | undefined) {
  return auth !== undefined && (await auth.store.get(server.id)).tokens !== undefined;
}
