// A minimal hand-written MCP server that speaks only protocol 2025-06-18: the
// `initialize` handshake, JSON responses, no `server/discover` (method not found).
import { startHttpPeer, writeRpc, type HttpPeer } from './http-peer';

export const LEGACY_VERSION = '2025-06-18';

export function startLegacyPeer(tools: readonly Record<string, unknown>[]): Promise<HttpPeer> {
  return startHttpPeer((request, response) => {
    if (request.method !== 'POST') {
      response.writeHead(405).end();
      return;
    }
    const message = JSON.parse(request.body) as {
      id?: unknown;
      method: string;
      params?: Record<string, unknown>;
    };
    if (message.id === undefined) {
      response.writeHead(202).end();
      return;
    }
    switch (message.method) {
      case 'initialize':
        writeRpc(response, message.id, {
          result: {
            protocolVersion: LEGACY_VERSION,
            capabilities: { tools: {} },
            serverInfo: { name: 'legacy', version: '0.9' },
          },
        });
        return;
      case 'tools/list':
        writeRpc(response, message.id, { result: { tools } });
        return;
      case 'tools/call':
        writeRpc(response, message.id, {
          result: {
            content: [{ type: 'text', text: `legacy ${String(message.params?.['name'])}` }],
          },
        });
        return;
      default:
        writeRpc(response, message.id, { error: { code: -32601, message: 'Method not found' } });
    }
  });
}
