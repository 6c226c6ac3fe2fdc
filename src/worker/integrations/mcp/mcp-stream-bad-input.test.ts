// SSE answers that end in the middle of an event: each is refused at once with a
// code, instead of waiting out the time limit for an answer that cannot come, and
// an answer that did arrive before a cut-off tail is still used.
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
import type { Script } from '../../../../test/support/mcp/scripted-peer';
import { discoverMcpServer } from './mcp-discovery';

// Far longer than the checks below allow: a pass means nobody waited for it.
const PATIENT_MS = 20_000;

const progressEvents = (token: unknown, count: number) => {
  let events = '';
  for (let step = 1; step <= count; step += 1) {
    const progress = {
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: token, progress: step, total: count },
    };
    events += `event: message\ndata: ${JSON.stringify(progress)}\n\n`;
  }
  return events;
};

const callAnswering =
  (tail: (id: unknown) => string): Script =>
  (request, response) => {
    const token = (request.params['_meta'] as { progressToken?: unknown } | undefined)
      ?.progressToken;
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.end(progressEvents(token, 1_000) + tail(request.id));
  };

describe('MCP answer streams cut off', () => {
  it('ends a call whose answer stream stops mid-line after 1,000 progress events', async () => {
    const started = await peer({
      'tools/list': listOf([tool('cut')]),
      'tools/call': callAnswering(() => 'event: message\ndata: {"jsonrpc":"2.0","id":'),
    });
    const { tool: mcpTool } = await firstTool(started, { inactivityMs: PATIENT_MS });
    const updates: number[] = [];
    const start = Date.now();
    const outcome = await mcpTool.execute(
      {},
      context({ progress: (update) => void updates.push(update.progress) }),
    );
    expect(outcome).toMatchObject({ ok: false, code: 'MCP_PROTOCOL_ERROR' });
    expect(outcome.ok ? '' : outcome.message).toMatch(/ended in the middle of a message/);
    expect(updates.at(-1)).toBe(1_000);
    expect(Date.now() - start).toBeLessThan(PATIENT_MS / 2);
  });

  it('uses an answer that arrived before a cut-off tail', async () => {
    const started = await peer({
      'tools/list': listOf([tool('tail')]),
      'tools/call': callAnswering((id) => {
        const done = { jsonrpc: '2.0', id, result: text('arrived') };
        return `event: message\ndata: ${JSON.stringify(done)}\n\nevent: message\ndata: {"jso`;
      }),
    });
    const { tool: mcpTool } = await firstTool(started, { inactivityMs: PATIENT_MS });
    expect(await mcpTool.execute({}, context())).toMatchObject({
      ok: true,
      result: { text: 'arrived' },
    });
  });

  it('refuses a tools/list page sent over SSE and cut off mid-line', async () => {
    const started = await peer({
      'tools/list': (request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        const page = JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { tools: [] } });
        response.end(`event: message\ndata: ${page.slice(0, page.length / 2)}`);
      },
      'tools/call': (request, response) => writeRpc(response, request.id, { result: text('') }),
    });
    const { deps } = memoryDeps({ timeoutMs: PATIENT_MS });
    const start = Date.now();
    const outcome = await discoverMcpServer(serverRecord(started.url), deps, { signal: never });
    expect(outcome).toMatchObject({ ok: false, code: 'MCP_PROTOCOL_ERROR' });
    expect(Date.now() - start).toBeLessThan(PATIENT_MS / 2);
  });
});
