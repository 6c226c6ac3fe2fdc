// ## Owns
// Discovering one MCP server's tools (study MCP-04, MCP-05, MCP-09): open, list
// every page within the bounds, validate, fingerprint for trust, cache by the
// server's declared TTL and scope. Probe and run start both come here.
// ## Why the fingerprint is computed here
// Trust covers the tools a server advertises (section 6 item 13): a trusted
// server that adds or changes a tool must be reviewed again, so the fingerprint
// includes the validated tools and is compared on every discovery, cached or not.
import { fingerprintIntegration } from '../trust-fingerprint';
import type { IntegrationFailure } from '../integration-error';
import { storedHeaders, type McpServerRecord } from '../integration-records';
import {
  discoveryKeys,
  effectiveTtl,
  type CacheScope,
  type DiscoveryCache,
} from './discovery-cache';
import { MCP_MAX_PAGES, mapMcpError, openMcpSession, type McpPrior } from './mcp-session';
import {
  validateAdvertisedTools,
  type McpToolEntry,
  type RejectedMcpTool,
} from './mcp-tool-validation';

/** Per-exchange budget for discovery (each page shares it). */
export const MCP_DISCOVERY_TIMEOUT_MS = 12_000;

/** What one discovery found; JSON, so it can be cached across worker restarts. */
export interface McpDiscovery {
  readonly serverId: string;
  readonly negotiatedVersion: string;
  readonly isFallback: boolean;
  readonly tools: readonly McpToolEntry[];
  readonly rejected: readonly RejectedMcpTool[];
  readonly pages: number;
  readonly fingerprint: string;
  readonly prior: McpPrior;
}

/** Cache state, as Probe shows it. */
export interface DiscoveryCacheState {
  readonly status: 'hit' | 'miss' | 'refreshed' | 'not-cached';
  readonly ttlMs: number;
  readonly scope: CacheScope;
  readonly expiresAt: number | null;
}

export type DiscoveryOutcome =
  { ok: true; discovery: McpDiscovery; cache: DiscoveryCacheState } | IntegrationFailure;

/** What discovery needs from the worker. */
export interface McpDiscoveryDeps {
  readonly fetch: typeof fetch;
  readonly cache: DiscoveryCache<McpDiscovery>;
  readonly timeoutMs?: number;
}

/** The trust fingerprint of `server` with the tools it advertises now. */
export function fingerprintMcpServer(
  server: McpServerRecord,
  negotiatedVersion: string,
  tools: readonly McpToolEntry[],
): Promise<string> {
  return fingerprintIntegration({
    kind: 'mcp',
    id: server.id,
    name: server.name,
    url: server.url,
    insecureOriginAcknowledged: server.insecureOriginAcknowledged ?? undefined,
    headers: storedHeaders(server.headers, 'mcp') ?? {},
    protocol: `${server.protocolMode}/${negotiatedVersion}`,
    tools: tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
    })),
  });
}

/**
 * Discover `server`'s tools. `force` skips a fresh cache entry (Probe, trust);
 * failures are returned, never thrown, and never cached.
 */
export async function discoverMcpServer(
  server: McpServerRecord,
  deps: McpDiscoveryDeps,
  options: { signal: AbortSignal; force?: boolean },
): Promise<DiscoveryOutcome> {
  const keys = await discoveryKeys(server);
  if (options.force !== true) {
    const cached = await deps.cache.get(keys).catch(() => null);
    if (cached !== null && cached.value.serverId === server.id) {
      return {
        ok: true,
        discovery: cached.value,
        cache: {
          status: 'hit',
          ttlMs: cached.ttlMs,
          scope: cached.scope,
          expiresAt: cached.expiresAt,
        },
      };
    }
  }
  let session;
  try {
    session = await openMcpSession(server, {
      fetch: deps.fetch,
      signal: options.signal,
      timeoutMs: deps.timeoutMs ?? MCP_DISCOVERY_TIMEOUT_MS,
    });
  } catch (error) {
    return mapMcpError(error, null, options.signal);
  }
  try {
    const listed = await session.client.listTools(undefined, {
      signal: session.signal,
      timeout: deps.timeoutMs ?? MCP_DISCOVERY_TIMEOUT_MS,
      cacheMode: 'bypass',
    });
    const pages = session.stats.methods.get('tools/list') ?? 0;
    if (pages > MCP_MAX_PAGES)
      return {
        ok: false,
        code: 'MCP_PAGE_LIMIT',
        message: `tools/list needs more than ${MCP_MAX_PAGES} pages.`,
      };
    const { tools, rejected } = await validateAdvertisedTools(server.id, server.name, listed.tools);
    const discovery: McpDiscovery = {
      serverId: server.id,
      negotiatedVersion: session.negotiatedVersion,
      isFallback: session.isFallback,
      tools,
      rejected,
      pages,
      fingerprint: await fingerprintMcpServer(server, session.negotiatedVersion, tools),
      prior: session.prior(),
    };
    const declared = listed as { ttlMs?: unknown; cacheScope?: unknown };
    const ttlMs = effectiveTtl(declared.ttlMs, session.isFallback);
    // Unknown or absent scope is treated as private: the safe reading of the spec.
    const scope: CacheScope = declared.cacheScope === 'public' ? 'public' : 'private';
    const entry = await deps.cache.set(keys, discovery, ttlMs, scope).catch(() => null);
    const status = entry === null ? 'not-cached' : options.force === true ? 'refreshed' : 'miss';
    return {
      ok: true,
      discovery,
      cache: { status, ttlMs, scope, expiresAt: entry?.expiresAt ?? null },
    };
  } catch (error) {
    return mapMcpError(error, session.stats, session.signal);
  } finally {
    await session.close();
  }
}
