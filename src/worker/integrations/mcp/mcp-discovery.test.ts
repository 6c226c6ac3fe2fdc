import { afterEach, describe, expect, it } from 'vitest';
import { startLegacyPeer, LEGACY_VERSION } from '../../../../test/support/mcp/legacy-peer';
import { startSdkPeer } from '../../../../test/support/mcp/sdk-peer';
import type { HttpPeer } from '../../../../test/support/mcp/http-peer';
import { createDiscoveryCache } from './discovery-cache';
import { discoverMcpServer, type McpDiscovery } from './mcp-discovery';
import {
  memoryDeps,
  never,
  peerTools,
  serverRecord,
} from '../../../../test/support/mcp/mcp-fixtures';

const peers: HttpPeer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});

describe('discoverMcpServer against a real 2026-07-28 server', () => {
  it.each(['json', 'sse'] as const)(
    'negotiates 2026-07-28 and follows pagination in %s mode',
    async (responseMode) => {
      const peer = await startSdkPeer({
        responseMode,
        tools: peerTools,
        ttlMs: 30_000,
        cacheScope: 'private',
      });
      peers.push(peer);
      const { deps } = memoryDeps();
      const outcome = await discoverMcpServer(serverRecord(peer.url), deps, { signal: never });
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      const { discovery, cache } = outcome;
      expect(discovery.negotiatedVersion).toBe('2026-07-28');
      expect(discovery.isFallback).toBe(false);
      expect(discovery.tools.map((tool) => tool.name)).toEqual([
        'tool_0',
        'tool_1',
        'tool_2',
        'tool_3',
        'tool_4',
      ]);
      expect(discovery.rejected).toEqual([
        expect.objectContaining({ name: 'bad_schema', code: 'INVALID_SCHEMA' }),
      ]);
      expect(discovery.pages).toBe(3);
      expect(discovery.tools[0]?.visibleName).toMatch(
        /^mcp__Files_[0-9a-v]{8}__tool_0_[0-9a-v]{10}$/,
      );
      expect(discovery.tools[0]?.mcpHeaders.map((binding) => binding.header)).toEqual([
        'Region',
        'N',
      ]);
      expect(cache).toMatchObject({ status: 'miss', ttlMs: 30_000, scope: 'private' });
      // Configured headers ride on every request; no session id is ever sent.
      const posts = peer.requests.filter((request) => request.method === 'POST');
      expect(posts[0]?.rpc).toBe('server/discover');
      expect(
        posts.every(
          (request) =>
            request.headers['x-key'] === 'k1' && request.headers['mcp-session-id'] === undefined,
        ),
      ).toBe(true);
      expect(
        posts
          .filter((request) => request.rpc === 'tools/list')
          .map((request) => request.headers['mcp-method']),
      ).toEqual(['tools/list', 'tools/list', 'tools/list']);
    },
  );

  it('serves the declared TTL from a cache that survives a new cache instance (worker restart)', async () => {
    const peer = await startSdkPeer({
      responseMode: 'json',
      tools: peerTools,
      ttlMs: 30_000,
      cacheScope: 'private',
    });
    peers.push(peer);
    const { area, deps } = memoryDeps();
    await discoverMcpServer(serverRecord(peer.url), deps, { signal: never });
    const before = peer.requests.length;
    const restarted = { ...deps, cache: createDiscoveryCache<McpDiscovery>(area) };
    const again = await discoverMcpServer(serverRecord(peer.url), restarted, { signal: never });
    expect(again).toMatchObject({ ok: true, cache: { status: 'hit' } });
    expect(peer.requests.length).toBe(before);
    // A changed header is another principal: a private entry must not be served.
    const edited = await discoverMcpServer(
      serverRecord(peer.url, { headers: [{ name: 'X-Key', value: 'k2' }] }),
      restarted,
      { signal: never },
    );
    expect(edited).toMatchObject({ ok: true, cache: { status: 'miss' } });
    expect(peer.requests.length).toBeGreaterThan(before);
    // Probe forces a refresh.
    const forced = await discoverMcpServer(serverRecord(peer.url), restarted, {
      signal: never,
      force: true,
    });
    expect(forced).toMatchObject({ ok: true, cache: { status: 'refreshed' } });
  });

  it('does not cache when the server declares ttlMs 0, and clamps huge TTLs to an hour', async () => {
    const zero = await startSdkPeer({ responseMode: 'json', tools: peerTools, ttlMs: 0 });
    const huge = await startSdkPeer({
      responseMode: 'json',
      tools: peerTools,
      ttlMs: 10 ** 12,
      cacheScope: 'public',
    });
    peers.push(zero, huge);
    const { deps } = memoryDeps();
    expect(await discoverMcpServer(serverRecord(zero.url), deps, { signal: never })).toMatchObject({
      ok: true,
      cache: { status: 'not-cached', ttlMs: 0 },
    });
    expect(
      await discoverMcpServer(serverRecord(huge.url, { id: 'srv-2' }), deps, { signal: never }),
    ).toMatchObject({ ok: true, cache: { ttlMs: 3_600_000, scope: 'public' } });
  });

  it('changes the trust fingerprint when the server changes a tool', async () => {
    // Untrusted servers get no fingerprint until one is asked for.
    const plain = await startSdkPeer({ responseMode: 'json', tools: peerTools });
    peers.push(plain);
    const untrusted = await discoverMcpServer(serverRecord(plain.url), memoryDeps().deps, {
      signal: never,
    });
    expect(untrusted).toMatchObject({ ok: true, discovery: { fingerprint: null } });
    const first = await startSdkPeer({ responseMode: 'json', tools: peerTools });
    peers.push(first);
    const { deps } = memoryDeps();
    const a = await discoverMcpServer(serverRecord(first.url), deps, {
      signal: never,
      force: true,
      fingerprint: true,
    });
    const b = await discoverMcpServer(serverRecord(first.url), deps, {
      signal: never,
      force: true,
      fingerprint: true,
    });
    const changedTools = peerTools.map((tool, index) =>
      index === 0 ? { ...tool, description: 'Now deletes files' } : tool,
    );
    const second = await startSdkPeer({ responseMode: 'json', tools: changedTools });
    peers.push(second);
    const c = await discoverMcpServer(serverRecord(first.url, { url: second.url }), deps, {
      signal: never,
      force: true,
      fingerprint: true,
    });
    const d = await discoverMcpServer(serverRecord(second.url), deps, {
      signal: never,
      force: true,
      fingerprint: true,
    });
    if (!a.ok || !b.ok || !c.ok || !d.ok) throw new Error('discovery failed');
    expect(a.discovery.fingerprint).toBe(b.discovery.fingerprint);
    expect(c.discovery.fingerprint).not.toBe(a.discovery.fingerprint);
    const unchangedTools = await startSdkPeer({ responseMode: 'json', tools: peerTools });
    peers.push(unchangedTools);
    const e = await discoverMcpServer(serverRecord(second.url, { url: unchangedTools.url }), deps, {
      signal: never,
      force: true,
      fingerprint: true,
    });
    if (!e.ok) throw new Error('discovery failed');
    expect(e.discovery.fingerprint).not.toBe(c.discovery.fingerprint);
  });
});

describe('discoverMcpServer fallback', () => {
  it('falls back to a 2025-06-18 server and reports the negotiated revision', async () => {
    const peer = await startLegacyPeer(peerTools.slice(0, 2));
    peers.push(peer);
    const { deps } = memoryDeps();
    const outcome = await discoverMcpServer(serverRecord(peer.url), deps, { signal: never });
    expect(outcome).toMatchObject({
      ok: true,
      discovery: { negotiatedVersion: LEGACY_VERSION, isFallback: true, pages: 1 },
    });
    expect(
      peer.requests
        .map((request) => request.rpc)
        .filter(Boolean)
        .slice(0, 2),
    ).toEqual(['server/discover', 'initialize']);
  });

  it('refuses fallback when the server is pinned to 2026-07-28', async () => {
    const peer = await startSdkPeer({ responseMode: 'json', tools: peerTools });
    peers.push(peer);
    const legacyOnly = await startLegacyPeer(peerTools.slice(0, 1));
    peers.push(legacyOnly);
    const { deps } = memoryDeps();
    const pinned = await discoverMcpServer(
      serverRecord(legacyOnly.url, { protocolMode: '2026-07-28' }),
      deps,
      { signal: never },
    );
    expect(pinned).toMatchObject({ ok: false, code: 'MCP_UNSUPPORTED_VERSION' });
    expect(legacyOnly.requests.some((request) => request.rpc === 'initialize')).toBe(false);
  });

  it('refuses a cleartext non-loopback server before any request', async () => {
    let calls = 0;
    const counting: typeof fetch = (...args) => {
      calls += 1;
      return fetch(...args);
    };
    const { deps } = memoryDeps();
    const outcome = await discoverMcpServer(
      serverRecord('http://192.0.2.7/mcp'),
      { ...deps, fetch: counting },
      { signal: never },
    );
    expect(outcome).toMatchObject({ ok: false, code: 'INSECURE_CONFIRMATION_REQUIRED' });
    expect(calls).toBe(0);
  });
});
