// Hostile shapes from the "Bad input" list, each bounded and explained.
import { describe, expect, it } from 'vitest';
import { startHttpPeer, writeRpc } from '../../../../test/support/mcp/http-peer';
import { memoryDeps, never, serverRecord } from '../../../../test/support/mcp/mcp-fixtures';
import { listOf, peer, tool } from '../../../../test/support/mcp/regression-helpers';
import { discoverMcpServer } from './mcp-discovery';

describe('MCP bad input', () => {
  it('reads 10,000 tools but offers only the first 500, within the page bound', async () => {
    const all = Array.from({ length: 10_000 }, (_, index) => tool(`t_${index}`));
    const started = await peer({
      'tools/list': (request, response) => {
        const start = Number(request.params['cursor'] ?? 0);
        const next = start + 1_000;
        writeRpc(response, request.id, {
          result: {
            resultType: 'complete',
            tools: all.slice(start, next),
            ttlMs: 0,
            cacheScope: 'private',
            ...(next < all.length ? { nextCursor: String(next) } : {}),
          },
        });
      },
    });
    const { deps } = memoryDeps({ timeoutMs: 10_000 });
    const outcome = await discoverMcpServer(serverRecord(started.url), deps, { signal: never });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.discovery.tools).toHaveLength(500);
    expect(outcome.discovery.rejected).toHaveLength(9_500);
    expect(outcome.discovery.rejected[0]).toMatchObject({ code: 'MCP_TOOL_LIMIT' });
  });

  it('refuses a list whose cursor repeats, and a name that reappears on another page', async () => {
    const looping = await peer({
      'tools/list': (request, response) =>
        writeRpc(response, request.id, {
          result: { resultType: 'complete', tools: [tool('same')], nextCursor: 'again' },
        }),
    });
    const { deps } = memoryDeps({ timeoutMs: 5_000 });
    expect(
      await discoverMcpServer(serverRecord(looping.url), deps, { signal: never }),
    ).toMatchObject({ ok: false, code: 'MCP_PROTOCOL_ERROR' });
    const changing = await peer({
      'tools/list': (request, response) =>
        writeRpc(response, request.id, {
          result: {
            resultType: 'complete',
            tools: [tool('moved'), tool(request.params['cursor'] ? 'b' : 'a')],
            ...(request.params['cursor'] ? {} : { nextCursor: 'p2' }),
          },
        }),
    });
    const second = await discoverMcpServer(serverRecord(changing.url, { id: 'srv-2' }), deps, {
      signal: never,
    });
    if (!second.ok) throw new Error(second.message);
    expect(second.discovery.tools.map((entry) => entry.name)).toEqual(['a', 'b']);
    expect(second.discovery.rejected.map((entry) => entry.code)).toEqual([
      'MCP_DUPLICATE_TOOL',
      'MCP_DUPLICATE_TOOL',
    ]);
  });

  it('does not wait for a server that never answers DELETE', async () => {
    const started = await peer(
      { 'tools/list': listOf([tool('t')]) },
      { era: 'legacy', sessions: true },
    );
    // A proxy in front of the scripted peer that swallows DELETE.
    const silent = await startHttpPeer(async (recorded, response) => {
      if (recorded.method === 'DELETE') return; // never answered
      const forward = await fetch(started.url, {
        method: recorded.method,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(recorded.headers['mcp-session-id']
            ? { 'mcp-session-id': String(recorded.headers['mcp-session-id']) }
            : {}),
        },
        ...(recorded.method === 'POST' ? { body: recorded.body } : {}),
      });
      const headers: Record<string, string> = {};
      forward.headers.forEach((value, name) => (headers[name] = value));
      response.writeHead(forward.status, headers).end(await forward.text());
    });
    const { deps } = memoryDeps({ timeoutMs: 10_000 });
    const start = Date.now();
    const outcome = await discoverMcpServer(serverRecord(silent.url), deps, { signal: never });
    expect(outcome).toMatchObject({ ok: true });
    expect(silent.requests.some((request) => request.method === 'DELETE')).toBe(true);
    expect(Date.now() - start).toBeLessThan(4_000);
    await silent.close();
  });
});
