// Test kit for the run tool set: custom tools built the way Settings saves them,
// saved trust as a person gives it, and peers closed after each test. Never imported
// by shipped code. It stays free of Node modules: the worker's type check reads it.
import { afterEach } from 'vitest';
import { buildCustomToolRecord } from '../custom-http/custom-tool-config';
import type { CustomToolRecord, McpServerRecord } from '../integration-records';
import { createIntegrationStore } from '../integration-store';
import { fingerprintCustomTool } from '../integration-trust';
import { createDiscoveryCache, createMemoryArea } from '../mcp/discovery-cache';
import { discoverMcpServer, type McpDiscovery } from '../mcp/mcp-discovery';
import type { RunToolSetDeps } from '../run-tool-set';

export const never = new AbortController().signal;

/** Peers passed to the returned `keep` close after each test of the file that calls this. */
export function closePeersAfterEach(): <T extends { close(): Promise<void> }>(peer: T) => T {
  const peers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(peers.splice(0).map((peer) => peer.close()));
  });
  return (peer) => {
    peers.push(peer);
    return peer;
  };
}

/** A custom tool as Settings saves it (validated, without trust). */
export function customTool(
  id: string,
  name: string,
  extra: { enabled?: boolean } = {},
): CustomToolRecord {
  const built = buildCustomToolRecord(
    {
      name,
      description: `${name} looks something up`,
      endpoint: `https://api.example/${name}`,
      headers: [{ name: 'Authorization', value: 'Bearer x' }],
      schemaJson: JSON.stringify({ type: 'object', properties: { q: { type: 'string' } } }),
      enabled: extra.enabled ?? true,
      insecureOriginAcknowledged: null,
    },
    id,
    { builtinNames: [], others: [] },
  );
  if (!built.ok) throw new Error(`${built.code}: ${built.message}`);
  return built.record;
}

/** The record with the trust a person gave it as it is now. */
export const trustedNow = async (record: CustomToolRecord): Promise<CustomToolRecord> => ({
  ...record,
  trust: { fingerprint: await fingerprintCustomTool(record) },
});

/** Run tool set deps over a real store holding these records and an empty cache. */
export async function depsWith(
  customTools: readonly CustomToolRecord[],
  servers: readonly McpServerRecord[] = [],
): Promise<RunToolSetDeps> {
  const store = createIntegrationStore(createMemoryArea());
  await store.saveCustomTools(customTools);
  await store.saveMcpServers(servers);
  return { store, fetch, cache: createDiscoveryCache<McpDiscovery>(createMemoryArea()) };
}

/** The server as trusted by a person who reviewed the tools it advertises now. */
export async function trustedServer(server: McpServerRecord): Promise<McpServerRecord> {
  const outcome = await discoverMcpServer(server, await depsWith([]), {
    signal: never,
    force: true,
    fingerprint: true,
  });
  if (!outcome.ok || outcome.discovery.fingerprint === null) throw new Error('no fingerprint');
  return { ...server, trust: { fingerprint: outcome.discovery.fingerprint } };
}
