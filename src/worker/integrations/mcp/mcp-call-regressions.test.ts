// Regression tests for MCP call bugs: sessions, cancellation, input, era changes and
// progress. Each one failed before its fix; the comment above it says what was wrong.
import { describe, expect, it } from 'vitest';
import { writeRpc } from '../../../../test/support/mcp/http-peer';
import { memoryDeps, never, serverRecord } from '../../../../test/support/mcp/mcp-fixtures';
import {
  context,
  firstTool,
  listOf,
  peer,
  text,
  tool,
} from '../../../../test/support/mcp/regression-helpers';
import { discoverMcpServer } from './mcp-discovery';
import { createMcpTool } from './mcp-tool';

describe('MCP call regressions', () => {
  // Bug: every discovery and call opened a 2025-era session and never sent DELETE.
  it('ends every 2025-era session it opens with DELETE', async () => {
    const started = await peer(
      {
        'tools/list': listOf([tool('tool_0')]),
        'tools/call': (request, response) => writeRpc(response, request.id, { result: text('ok') }),
      },
      { era: 'legacy', sessions: true },
    );
    const { tool: mcpTool } = await firstTool(started);
    expect(await mcpTool.execute({}, context())).toMatchObject({ ok: true });
    expect(started.sessions.opened).toBe(2);
    expect(started.sessions.deleted).toBe(2);
  });

  // Bug: Stop aborted the fetch that carried notifications/cancelled, so the
  // server never heard of it and kept working.
  it('tells a 2025-era server that a stopped call is cancelled', async () => {
    const started = await peer(
      {
        'tools/list': listOf([tool('slow')]),
        'tools/call': (request, response) => {
          setTimeout(() => writeRpc(response, request.id, { result: text('late') }), 3_000).unref();
        },
      },
      { era: 'legacy', sessions: true },
    );
    const { tool: mcpTool } = await firstTool(started);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 200);
    expect(await mcpTool.execute({}, context({}, stop.signal))).toMatchObject({
      code: 'CANCELLED',
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const call = started.requests.find((request) => request.rpc === 'tools/call');
    const callId = (JSON.parse(call!.body) as { id: unknown }).id;
    expect(started.notifications).toContainEqual(
      expect.objectContaining({
        method: 'notifications/cancelled',
        params: expect.objectContaining({ requestId: callId }),
      }),
    );
  });

  // Bug: "needs more input" never fired; the SDK threw CAPABILITY_NOT_SUPPORTED.
  it('says the tool needs input it cannot give, and answers form questions through the panel', async () => {
    const started = await peer({
      'tools/list': listOf([tool('asks'), tool('samples')]),
      'tools/call': (request, response) => {
        const answered = request.params['inputResponses'] as
          Record<string, { content?: unknown }> | undefined;
        if (answered)
          return writeRpc(response, request.id, {
            result: text(JSON.stringify(answered['q']?.content)),
          });
        const method =
          request.params['name'] === 'asks' ? 'elicitation/create' : 'sampling/createMessage';
        const params =
          method === 'elicitation/create'
            ? {
                mode: 'form',
                message: 'Which region?',
                requestedSchema: {
                  type: 'object',
                  properties: { region: { type: 'string' } },
                  required: ['region'],
                },
              }
            : { messages: [], maxTokens: 10 };
        writeRpc(response, request.id, {
          result: {
            resultType: 'input_required',
            inputRequests: { q: { method, params } },
            requestState: 's1',
          },
        });
      },
    });
    const { deps } = memoryDeps();
    const server = serverRecord(started.url);
    const found = await discoverMcpServer(server, deps, { signal: never });
    if (!found.ok) throw new Error(found.message);
    const [asks, samples] = found.discovery.tools.map((entry) =>
      createMcpTool(server, found.discovery, entry, { fetch }),
    );
    expect(await samples!.execute({}, context())).toMatchObject({
      ok: false,
      code: 'MCP_INPUT_REQUIRED_UNSUPPORTED',
    });
    const askForm = async () => ({ action: 'accept' as const, content: { region: 'eu-west' } });
    expect(await asks!.execute({}, context({ askForm }))).toMatchObject({
      ok: true,
      result: { text: '{"region":"eu-west"}' },
    });
  });

  // Bug: a fixed 30 s budget and no progress: a long tool always timed out.
  it('keeps a call alive while the server reports progress, and shows it', async () => {
    const started = await peer({
      'tools/list': listOf([tool('long')]),
      'tools/call': async (request, response) => {
        const token = (request.params['_meta'] as { progressToken?: unknown } | undefined)
          ?.progressToken;
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        for (let step = 1; step <= 8; step += 1) {
          await new Promise((resolve) => setTimeout(resolve, 150));
          const progress = {
            jsonrpc: '2.0',
            method: 'notifications/progress',
            params: { progressToken: token, progress: step, total: 8 },
          };
          response.write(`event: message\ndata: ${JSON.stringify(progress)}\n\n`);
        }
        const done = { jsonrpc: '2.0', id: request.id, result: text('finished') };
        response.end(`event: message\ndata: ${JSON.stringify(done)}\n\n`);
      },
    });
    const updates: number[] = [];
    const { tool: mcpTool } = await firstTool(started, { timeoutMs: 500, inactivityMs: 500 });
    const outcome = await mcpTool.execute(
      {},
      context({ progress: (update) => void updates.push(update.progress) }),
    );
    expect(outcome).toMatchObject({ ok: true, result: { text: 'finished' } });
    expect(updates.at(-1)).toBe(8);
  });

  it('ends a call that neither answers nor reports progress within the inactivity limit', async () => {
    const started = await peer({
      'tools/list': listOf([tool('silent')]),
      'tools/call': (request, response) => {
        setTimeout(() => response.end(), 5_000).unref();
      },
    });
    const { tool: mcpTool } = await firstTool(started, { inactivityMs: 300 });
    const start = Date.now();
    expect(await mcpTool.execute({}, context())).toMatchObject({ ok: false, code: 'TIMEOUT' });
    expect(Date.now() - start).toBeLessThan(2_000);
  });
});
