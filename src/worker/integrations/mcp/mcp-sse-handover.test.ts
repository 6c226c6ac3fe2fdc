// SSE answers through the real SDK over HTTP, with the answer reader in front: the
// session id from a handshake answered over SSE is sent with every later request,
// and a question the server asks in the middle of a call's stream is answered.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { startHttpPeer, type HttpPeer } from '../../../../test/support/mcp/http-peer';
import { memoryDeps, never, serverRecord } from '../../../../test/support/mcp/mcp-fixtures';
import { context, listOf, peer, text, tool } from '../../../../test/support/mcp/regression-helpers';
import { LEGACY } from '../../../../test/support/mcp/scripted-peer';
import { discoverMcpServer } from './mcp-discovery';
import { createMcpTool } from './mcp-tool';

const sse = (response: http.ServerResponse, messages: unknown[], headers = {}) => {
  response.writeHead(200, { 'content-type': 'text/event-stream', ...headers });
  response.end(
    messages.map((message) => `event: message\ndata: ${JSON.stringify(message)}\n\n`).join(''),
  );
};

describe('SSE answers through the SDK', () => {
  it('keeps the session id of a handshake answered over SSE for every later request', async () => {
    const tools = [tool('first'), tool('second')];
    const server: HttpPeer = await startHttpPeer((recorded, response) => {
      if (recorded.method !== 'POST') return void response.writeHead(405).end();
      const message = JSON.parse(recorded.body) as {
        id?: unknown;
        method: string;
        params?: { cursor?: string };
      };
      if (message.id === undefined) return void response.writeHead(202).end();
      const reply = (result: unknown, headers = {}) =>
        sse(response, [{ jsonrpc: '2.0', id: message.id, result }], headers);
      if (message.method === 'server/discover')
        return sse(response, [
          { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } },
        ]);
      if (message.method === 'initialize')
        return reply(
          {
            protocolVersion: LEGACY,
            capabilities: { tools: {} },
            serverInfo: { name: 'sse', version: '1.0.0' },
          },
          { 'mcp-session-id': 'sse-session' },
        );
      const page = message.params?.cursor === undefined ? 0 : 1;
      return reply({ tools: [tools[page]], ...(page === 0 ? { nextCursor: '1' } : {}) });
    });
    try {
      const { deps } = memoryDeps();
      const outcome = await discoverMcpServer(serverRecord(server.url), deps, { signal: never });
      expect(outcome).toMatchObject({ ok: true, discovery: { negotiatedVersion: LEGACY } });
      if (!outcome.ok) return;
      expect(outcome.discovery.tools.map((entry) => entry.name)).toEqual(['first', 'second']);
      const after = server.requests.filter(
        (request) =>
          request.method !== 'POST' || !/"initialize"|server\/discover/.test(request.body),
      );
      expect(after.map((request) => request.rpc ?? request.method)).toEqual(
        expect.arrayContaining(['notifications/initialized', 'tools/list', 'tools/list', 'DELETE']),
      );
      for (const request of after) {
        expect(request.headers['mcp-session-id']).toBe('sse-session');
        if (request.method === 'POST') expect(request.headers['mcp-protocol-version']).toBe(LEGACY);
      }
    } finally {
      await server.close();
    }
  });

  it('answers a question the server asks in the middle of a call, on the open stream', async () => {
    let answered: (body: string) => void = () => undefined;
    const answer = new Promise<string>((resolve) => (answered = resolve));
    const started = await peer(
      {
        'tools/list': listOf([tool('asks')]),
        'tools/call': async (request, response) => {
          response.writeHead(200, { 'content-type': 'text/event-stream' });
          const ask = {
            jsonrpc: '2.0',
            id: 'ask-1',
            method: 'elicitation/create',
            params: {
              mode: 'form',
              message: 'Which region?',
              requestedSchema: {
                type: 'object',
                properties: { region: { type: 'string' } },
                required: ['region'],
              },
            },
          };
          response.write(`event: message\ndata: ${JSON.stringify(ask)}\n\n`);
          // The answer to the call may only come once the question has been answered.
          const body = await answer;
          const done = { jsonrpc: '2.0', id: request.id, result: text(body) };
          response.end(`event: message\ndata: ${JSON.stringify(done)}\n\n`);
        },
      },
      { era: 'legacy', sessions: true },
    );
    const scripts = started as unknown as { requests: { body: string }[] };
    const watch = setInterval(() => {
      const reply = scripts.requests.find((request) => request.body.includes('"ask-1"'));
      if (reply && !reply.body.includes('"method"')) answered(reply.body);
    }, 10);
    try {
      const { deps } = memoryDeps();
      const server = serverRecord(started.url);
      const found = await discoverMcpServer(server, deps, { signal: never });
      if (!found.ok) throw new Error(found.message);
      const asks = createMcpTool(server, found.discovery, found.discovery.tools[0]!, { fetch });
      const outcome = await asks.execute(
        {},
        context({ askForm: async () => ({ action: 'accept', content: { region: 'eu' } }) }),
      );
      expect(outcome).toMatchObject({ ok: true });
      const reply = JSON.parse(
        outcome.ok ? String((outcome.result as { text?: unknown } | null)?.text) : '{}',
      ) as {
        id: string;
        result: { action: string; content: { region: string } };
      };
      expect(reply).toMatchObject({
        id: 'ask-1',
        result: { action: 'accept', content: { region: 'eu' } },
      });
    } finally {
      clearInterval(watch);
    }
  });
});
