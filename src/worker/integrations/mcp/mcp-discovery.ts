// ## Owns
// Discovering one MCP server's tools: open, list
// every page within the bounds, validate, fingerprint for trust, cache by the
// server's declared TTL and scope. Probe and run start both come here.
// ## Why the fingerprint is computed here, and only for trusted servers
// Trust covers the tools a server advertises: a trusted server that adds or
// changes a tool must be reviewed again, so the fingerprint includes the
// validated tools and is compared on every discovery, cached or not. A server
// nobody trusts needs none; hashing hundreds of schemas for it was wasted work,
// and `discoveryFingerprint` computes it later if a cached entry lacks it.
import { fingerprintIntegration } from '../trust-fingerprint';
import type { CanonicalMcpTools } from '../canonical-mcp-tools';
import type { IntegrationFailure } from '../integration-error';
import { storedHeaders, type McpServerRecord } from '../integration-records';
import {
  discoveryKeys,
  effectiveTtl,
  type CacheScope,
  type DiscoveryCache,
} from './discovery-cache';
import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import { mapMcpError } from './mcp-errors';
import { listToolPages } from './mcp-tool-pages';
import { openMcpSession, type McpPrior } from './mcp-session';
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
  /** Null when nobody trusted the server at discovery time; see discoveryFingerprint. */
  readonly fingerprint: string | null;
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
  /** The OAuth provider of a server, when it has one (see mcp-auth.ts). */
  readonly authFor?: (server: McpServerRecord) => OAuthClientProvider | undefined;
}

/**
 * The trust fingerprint of `server` with the tools it advertises now, given as
 * entries or as the canonical text validation kept for them.
 */
export function fingerprintMcpServer(
  server: McpServerRecord,
  negotiatedVersion: string,
  tools: readonly McpToolEntry[] | CanonicalMcpTools,
): Promise<string> {
  return fingerprintIntegration({
    kind: 'mcp',
    id: server.id,
    name: server.name,
    url: server.url,
    insecureOriginAcknowledged: server.insecureOriginAcknowledged ?? undefined,
    headers: storedHeaders(server.headers, 'mcp') ?? {},
    protocol: `${server.protocolMode}/${negotiatedVersion}`,
    tools,
  });
}

/** The fingerprint of a discovery, computed now if it was not at discovery time. */
export async function discoveryFingerprint(
  server: McpServerRecord,
  discovery: McpDiscovery,
): Promise<string> {
  return (
    discovery.fingerprint ??
    fingerprintMcpServer(server, discovery.negotiatedVersion, discovery.tools)
  );
}

/**
 * Discover `server`'s tools. `force` skips a fresh cache entry (Probe, trust);
 * failures are returned, never thrown, and never cached.
 */
export async function discoverMcpServer(
  server: McpServerRecord,
  deps: McpDiscoveryDeps,
  options: { signal: AbortSignal; force?: boolean; fingerprint?: boolean },
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
  const timeoutMs = deps.timeoutMs ?? MCP_DISCOVERY_TIMEOUT_MS;
  let session;
  try {
    session = await openMcpSession(server, {
      fetch: deps.fetch,
      signal: options.signal,
      hardCapMs: timeoutMs,
      requestTimeoutMs: timeoutMs,
      authProvider: deps.authFor?.(server),
      // Servers list the tools that ask questions only to clients that can answer
      // them; calls can (in the panel), so discovery says so, and declines if asked.
      elicit: async () => ({ action: 'decline' }),
    });
  } catch (error) {
    return mapMcpError(error, null, options.signal, `"${server.name}"`);
  }
  try {
    const listed = await listToolPages(session, timeoutMs);
    if (!listed.ok) return listed;
    const pages = listed.pages;
    const validated = validateAdvertisedTools(server.id, server.name, listed.tools);
    const { tools, rejected } = validated;
    const discovery: McpDiscovery = {
      serverId: server.id,
      negotiatedVersion: session.negotiatedVersion,
      isFallback: session.isFallback,
      tools,
      rejected,
      pages,
      fingerprint:
        server.trust !== null || options.fingerprint === true
          ? await fingerprintMcpServer(server, session.negotiatedVersion, validated.canonical())
          : null,
      prior: session.prior(),
    };
    const ttlMs = effectiveTtl(listed.ttlMs, session.isFallback);
    // Unknown or absent scope is treated as private: the safe reading of the spec.
    const scope: CacheScope = listed.cacheScope === 'public' ? 'public' : 'private';
    const entry = await deps.cache.set(keys, discovery, ttlMs, scope).catch(() => null);
    const status = entry === null ? 'not-cached' : options.force === true ? 'refreshed' : 'miss';
    return {
      ok: true,
      discovery,
      cache: { status, ttlMs, scope, expiresAt: entry?.expiresAt ?? null },
    };
  } catch (error) {
    return mapMcpError(error, session.stats, session.signal, `"${server.name}"`);
  } finally {
    await session.close();
  }
}
