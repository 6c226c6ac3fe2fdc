// A hand-written MCP server for regression tests: it speaks 2026-07-28
// (`server/discover`) or only 2025-06-18 (`initialize`, with session ids), and
// each method's answer is a script the test supplies, so a test can send exactly
// the malformed, slow or streamed answer it needs. Every request is recorded.
import type http from 'node:http';
import { startHttpPeer, writeRpc, type HttpPeer, type RecordedRequest } from './http-peer';

export const MODERN = '2026-07-28';
export const LEGACY = '2025-06-18';

/** One JSON-RPC request as the script sees it. */
export interface ScriptedRequest {
  readonly id: unknown;
  readonly method: string;
  readonly params: Record<string, unknown>;
  readonly recorded: RecordedRequest;
}

export type Script = (
  request: ScriptedRequest,
  response: http.ServerResponse,
) => void | Promise<void>;

export interface ScriptedPeer extends HttpPeer {
  /** Switch eras while running (a server upgrade). */
  era: 'modern' | 'legacy';
  readonly sessions: { opened: number; deleted: number };
  /** JSON-RPC messages without an id (notifications), in arrival order. */
  readonly notifications: { method: string; params: Record<string, unknown> }[];
}

/** Write an SSE stream of JSON-RPC messages and end it. */
export function writeSse(response: http.ServerResponse, messages: readonly unknown[]): void {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const message of messages)
    response.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  response.end();
}

export async function startScriptedPeer(
  scripts: Record<string, Script>,
  options: { era?: 'modern' | 'legacy'; sessions?: boolean } = {},
): Promise<ScriptedPeer> {
  const sessions = { opened: 0, deleted: 0 };
  const notifications: ScriptedPeer['notifications'] = [];
  const state = { era: options.era ?? 'modern' };
  const peer = await startHttpPeer(async (recorded, response) => {
    if (recorded.method === 'DELETE') {
      sessions.deleted += 1;
      return void response.writeHead(200).end();
    }
    if (recorded.method !== 'POST') return void response.writeHead(405).end();
    const message = JSON.parse(recorded.body) as {
      id?: unknown;
      method: string;
      params?: Record<string, unknown>;
    };
    if (message.id === undefined) {
      notifications.push({ method: message.method, params: message.params ?? {} });
      return void response.writeHead(202).end();
    }
    const request = {
      id: message.id,
      method: message.method,
      params: message.params ?? {},
      recorded,
    };
    if (message.method === 'server/discover') {
      if (state.era === 'legacy')
        return writeRpc(response, message.id, {
          error: { code: -32601, message: 'Method not found' },
        });
      return writeRpc(response, message.id, {
        result: {
          resultType: 'complete',
          supportedVersions: [MODERN],
          capabilities: { tools: {} },
          serverInfo: { name: 'scripted', version: '1.0.0' },
        },
      });
    }
    if (message.method === 'initialize') {
      // A modern-only server: the 2025 handshake is gone.
      if (state.era === 'modern')
        return writeRpc(response, message.id, {
          error: { code: -32601, message: 'Method not found' },
        });
      sessions.opened += options.sessions ? 1 : 0;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.sessions) headers['mcp-session-id'] = `session-${sessions.opened}`;
      return void response.writeHead(200, headers).end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: message.id,
          result: {
            protocolVersion: LEGACY,
            capabilities: { tools: {} },
            serverInfo: { name: 'scripted', version: '1.0.0' },
          },
        }),
      );
    }
    const script = scripts[message.method];
    if (!script)
      return writeRpc(response, message.id, {
        error: { code: -32601, message: 'Method not found' },
      });
    await script(request, response);
  });
  Object.defineProperty(peer, 'era', {
    get: () => state.era,
    set: (value: 'modern' | 'legacy') => void (state.era = value),
  });
  return Object.assign(peer, { sessions, notifications }) as ScriptedPeer;
}
