// Regression tests for MCP discovery bugs a conformance run and hostile servers found.
// Each one failed before its fix; the comment above it says what was wrong.
import { describe, expect, it } from 'vitest';
import { writeRpc } from '../../../../test/support/mcp/http-peer';
import {
  memoryDeps,
  never,
  regionSchema,
  serverRecord,
} from '../../../../test/support/mcp/mcp-fixtures';
import {
  context,
  firstTool,
  listOf,
  peer,
  text,
  tool,
} from '../../../../test/support/mcp/regression-helpers';
import { discoverMcpServer } from './mcp-discovery';

describe('MCP discovery regressions', () => {
  // Bug: one tool the SDK's Tool schema rejects made listTools reject the whole
  // page, and tools with an invalid x-mcp-header vanished with a console warning.
  it('offers the valid tools and reports each invalid one with its reason', async () => {
    const started = await peer({
      'tools/list': listOf([
        tool('ok_tool'),
        { description: 'no name', inputSchema: regionSchema },
        tool('not_object', { type: 'string' }),
        tool('number_header', {
          type: 'object',
          properties: { n: { type: 'number', 'x-mcp-header': 'N' } },
        }),
      ]),
    });
    const { deps } = memoryDeps({ timeoutMs: 20_000 });
    const outcome = await discoverMcpServer(serverRecord(started.url), deps, { signal: never });
    if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
    expect(outcome.discovery.tools.map((entry) => entry.name)).toEqual(['ok_tool']);
    expect(outcome.discovery.rejected.map((entry) => [entry.name, entry.code])).toEqual([
      ['(unnamed)', 'MCP_INVALID_TOOL'],
      ['not_object', 'INVALID_SCHEMA'],
      ['number_header', 'INVALID_MCP_HEADER'],
    ]);
  });

  // Bug: a refused connection was reported as an unsupported protocol version
  // (the SDK's message was matched with /version|era/).
  it('reports an unreachable server as a network failure', async () => {
    const { deps } = memoryDeps({ timeoutMs: 20_000 });
    const outcome = await discoverMcpServer(serverRecord('http://127.0.0.1:9/mcp'), deps, {
      signal: never,
    });
    expect(outcome).toMatchObject({ ok: false, code: 'INTEGRATION_NETWORK' });
  });

  // Bug: after a server changed era, "run again to rediscover" served the old
  // verdict from the discovery cache again.
  it('drops the cached discovery when a call finds the server in another era', async () => {
    const started = await peer(
      {
        'tools/list': listOf([tool('tool_0')]),
        'tools/call': (request, response) => writeRpc(response, request.id, { result: text('ok') }),
      },
      { era: 'legacy' },
    );
    const { tool: mcpTool, deps, server } = await firstTool(started);
    started.era = 'modern';
    const failed = await mcpTool.execute({}, context());
    expect(failed).toMatchObject({ ok: false, code: 'MCP_UNSUPPORTED_VERSION' });
    expect(failed.ok ? '' : failed.message).toContain('run again');
    const again = await discoverMcpServer({ ...server, protocolMode: 'auto' }, deps, {
      signal: never,
    });
    expect(again).toMatchObject({
      ok: true,
      cache: { status: 'miss' },
      discovery: { negotiatedVersion: '2026-07-28' },
    });
  });

  // Bug: an answer with another request's id waited out the whole timeout.
  it('fails fast on an answer to a request that was never sent', async () => {
    const started = await peer({
      'tools/list': (_request, response) => writeRpc(response, 987_654, { result: { tools: [] } }),
    });
    // The timeout is far beyond the test's own: only an early protocol error ends it
    // in time, and a wait would end as TIMEOUT rather than this code.
    const { deps } = memoryDeps({ timeoutMs: 120_000 });
    const outcome = await discoverMcpServer(serverRecord(started.url), deps, { signal: never });
    expect(outcome).toMatchObject({ ok: false, code: 'MCP_PROTOCOL_ERROR' });
  });

  // Bug: a truncated JSON body leaked the stream machinery's exception text.
  it('reports a truncated JSON body as invalid JSON, in words a person reads', async () => {
    const started = await peer({
      'tools/list': (_request, response) =>
        void response
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"jsonrpc":"2.0","id":'),
    });
    const { deps } = memoryDeps({ timeoutMs: 20_000 });
    const outcome = await discoverMcpServer(serverRecord(started.url), deps, { signal: never });
    expect(outcome).toMatchObject({ ok: false, code: 'MCP_INVALID_JSON' });
    expect(outcome.ok ? '' : outcome.message).not.toMatch(/ReadableStream|JSON input/);
  });

  // Bug: a refused cross-origin redirect said "redirect (HTTP 0)" without where to.
  it('names the origin a refused redirect pointed to', async () => {
    const started = await peer({
      'tools/list': (_request, response) =>
        void response.writeHead(307, { location: 'https://elsewhere.example/mcp' }).end(),
    });
    const { deps } = memoryDeps({ timeoutMs: 20_000 });
    const outcome = await discoverMcpServer(serverRecord(started.url), deps, { signal: never });
    expect(outcome).toMatchObject({ ok: false, code: 'REDIRECT_REFUSED' });
    expect(outcome.ok ? '' : outcome.message).toContain('https://elsewhere.example');
  });
});
