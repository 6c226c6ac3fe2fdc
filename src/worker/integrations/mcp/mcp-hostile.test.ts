import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startHttpPeer,
  writeRpc,
  type HttpPeer,
  type RecordedRequest,
} from '../../../../test/support/mcp/http-peer';
import { discoverMcpServer } from './mcp-discovery';
import {
  memoryDeps,
  never,
  regionSchema,
  serverRecord,
} from '../../../../test/support/mcp/mcp-fixtures';

const peers: HttpPeer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});

type ListBehaviour = (request: RecordedRequest, response: http.ServerResponse, id: unknown) => void;

/** A 2025-06-18 server whose tools/list misbehaves in one way. */
async function hostile(list: ListBehaviour): Promise<HttpPeer> {
  const peer = await startHttpPeer((request, response) => {
    if (request.method !== 'POST') return void response.writeHead(405).end();
    const message = JSON.parse(request.body) as { id?: unknown; method: string };
    if (message.id === undefined) return void response.writeHead(202).end();
    if (message.method === 'initialize') {
      return writeRpc(response, message.id, {
        result: {
          protocolVersion: '2025-06-18',
          capabilities: { tools: {} },
          serverInfo: { name: 'hostile', version: '1' },
        },
      });
    }
    if (message.method === 'tools/list') return list(request, response, message.id);
    writeRpc(response, message.id, { error: { code: -32601, message: 'Method not found' } });
  });
  peers.push(peer);
  return peer;
}

const tool = (name: string, inputSchema: unknown = regionSchema) => ({
  name,
  description: 'd',
  inputSchema,
});

describe('discoverMcpServer against hostile servers', () => {
  it('refuses a declared oversized JSON body', async () => {
    const peer = await hostile((_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(3 * 1024 * 1024),
      });
      response.end('{');
    });
    const { deps } = memoryDeps({ timeoutMs: 20_000 });
    expect(await discoverMcpServer(serverRecord(peer.url), deps, { signal: never })).toMatchObject({
      ok: false,
      code: 'MCP_RESPONSE_TOO_LARGE',
    });
  });

  it('stops an oversized chunked JSON body while streaming', async () => {
    const peer = await hostile((_request, response, id) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":[],"pad":"`);
      const chunk = 'x'.repeat(256 * 1024);
      for (let index = 0; index < 12; index += 1) response.write(chunk);
      response.end('"}}');
    });
    const { deps } = memoryDeps({ timeoutMs: 20_000 });
    expect(await discoverMcpServer(serverRecord(peer.url), deps, { signal: never })).toMatchObject({
      ok: false,
      code: 'MCP_RESPONSE_TOO_LARGE',
    });
  });

  it('stops a never-ending SSE stream at the byte bound or the timeout', async () => {
    const peer = await hostile((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const timer = setInterval(() => response.write(`: ${'x'.repeat(64 * 1024)}\n\n`), 1);
      response.on('close', () => clearInterval(timer));
    });
    const { deps } = memoryDeps({ timeoutMs: 3_000 });
    const outcome = await discoverMcpServer(serverRecord(peer.url), deps, { signal: never });
    expect(outcome.ok).toBe(false);
    expect(['MCP_RESPONSE_TOO_LARGE', 'TIMEOUT']).toContain(outcome.ok ? '' : outcome.code);
  });

  it('times out SSE without a terminating event', async () => {
    const sse = await hostile((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(
        'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n\n',
      );
    });
    const { deps } = memoryDeps({ timeoutMs: 500 });
    expect(await discoverMcpServer(serverRecord(sse.url), deps, { signal: never })).toMatchObject({
      ok: false,
    });
  });

  it('reports malformed JSON as a protocol error', async () => {
    const peer = await hostile((_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":'),
    );
    const { deps } = memoryDeps({ timeoutMs: 1_000 });
    const outcome = await discoverMcpServer(serverRecord(peer.url), deps, { signal: never });
    expect(outcome.ok).toBe(false);
  });

  it('times out slow responses and honours Stop', async () => {
    const peer = await hostile((_request, response, id) => {
      setTimeout(() => writeRpc(response, id, { result: { tools: [] } }), 5_000).unref();
    });
    const { deps } = memoryDeps({ timeoutMs: 300 });
    expect(await discoverMcpServer(serverRecord(peer.url), deps, { signal: never })).toMatchObject({
      ok: false,
      code: 'TIMEOUT',
    });
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 100);
    expect(
      await discoverMcpServer(
        serverRecord(peer.url),
        { ...deps, timeoutMs: 10_000 },
        { signal: stop.signal },
      ),
    ).toMatchObject({ ok: false, code: 'CANCELLED' });
  });

  it('maps HTTP errors and unreachable servers', async () => {
    const peer = await hostile((_request, response) =>
      response.writeHead(500, { 'content-type': 'text/plain' }).end('boom'),
    );
    const { deps } = memoryDeps({ timeoutMs: 1_000 });
    const outcome = await discoverMcpServer(serverRecord(peer.url), deps, { signal: never });
    expect(outcome.ok).toBe(false);
    const closed = await discoverMcpServer(
      serverRecord('http://127.0.0.1:9/mcp', { id: 'x' }),
      deps,
      { signal: never },
    );
    expect(closed.ok).toBe(false);
  });

  it('omits subset-violating schemas and duplicate names with reasons', async () => {
    const tools = [
      tool('ok_tool'),
      tool('twice'),
      tool('twice'),
      tool('uses_ref', { type: 'object', properties: { a: { $ref: '#/x' } } }),
      tool('deep_pattern', {
        type: 'object',
        properties: { a: { type: 'string', pattern: '(a+)+$' } },
      }),
      tool('Twice'),
    ];
    const peer = await hostile((_request, response, id) =>
      writeRpc(response, id, { result: { tools } }),
    );
    const { deps } = memoryDeps({ timeoutMs: 20_000 });
    const outcome = await discoverMcpServer(serverRecord(peer.url), deps, { signal: never });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.discovery.tools.map((entry) => entry.name)).toEqual(['ok_tool', 'Twice']);
    expect(outcome.discovery.rejected.map((entry) => [entry.name, entry.code])).toEqual([
      ['twice', 'MCP_DUPLICATE_TOOL'],
      ['twice', 'MCP_DUPLICATE_TOOL'],
      ['uses_ref', 'INVALID_SCHEMA'],
      ['deep_pattern', 'SCHEMA_PATTERN_UNSAFE'],
    ]);
    // Same name up to case still gets distinct visible names (hash of the exact name).
    const visible = outcome.discovery.tools.map((entry) => entry.visibleName);
    expect(new Set(visible.map((name) => name.toLowerCase())).size).toBe(2);
  });

  it('caps discovery at 20 pages', async () => {
    let page = 0;
    const peer = await hostile((_request, response, id) => {
      page += 1;
      writeRpc(response, id, { result: { tools: [tool(`t_${page}`)], nextCursor: `c${page}` } });
    });
    const { deps } = memoryDeps({ timeoutMs: 5_000 });
    expect(await discoverMcpServer(serverRecord(peer.url), deps, { signal: never })).toMatchObject({
      ok: false,
      code: 'MCP_PAGE_LIMIT',
    });
    expect(
      peer.requests.filter((request) => request.rpc === 'tools/list').length,
    ).toBeLessThanOrEqual(20);
  });
});
