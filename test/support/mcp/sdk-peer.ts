// A real MCP server from @modelcontextprotocol/server (2026-07-28, stateless
// Streamable HTTP) behind node:http, with paginated tools/list and a tools/call
// that mirrors what it received (arguments and Mcp-Param-* headers).
import { Server, createMcpHandler } from '@modelcontextprotocol/server';
import { startHttpPeer, type HttpPeer } from './http-peer';

export interface SdkPeerOptions {
  readonly responseMode: 'json' | 'sse';
  readonly tools: readonly Record<string, unknown>[];
  readonly pageSize?: number;
  readonly ttlMs?: number;
  readonly cacheScope?: 'public' | 'private';
  /** 'reject' makes the endpoint modern-only (no 2025 initialize fallback). */
  readonly legacy?: 'stateless' | 'reject';
  /**
   * Answer CORS (preflight and response headers), as a browser-facing server does.
   * The e2e extension reaches the peer without a host-permission grant, which
   * headless Chromium cannot give (test/e2e/integrations.e2e.ts says why).
   */
  readonly cors?: boolean;
}

/** CORS headers that allow whatever the request asks for (a test peer only). */
export function corsHeaders(requestHeaders: string | string[] | undefined): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers':
      typeof requestHeaders === 'string' && requestHeaders !== '' ? requestHeaders : '*',
    'access-control-expose-headers': '*',
    'access-control-max-age': '600',
  };
}

export function startSdkPeer(
  options: SdkPeerOptions,
): Promise<HttpPeer & { headersSeen: Record<string, string>[] }> {
  const headersSeen: Record<string, string>[] = [];
  const pageSize = options.pageSize ?? 2;
  const handler = createMcpHandler(
    () => {
      const server = new Server({ name: 'peer', version: '1.0.0' }, {
        capabilities: { tools: {} },
        ...(options.ttlMs !== undefined
          ? {
              cacheHints: {
                'tools/list': { ttlMs: options.ttlMs, cacheScope: options.cacheScope ?? 'private' },
              },
            }
          : {}),
      } as never);
      server.setRequestHandler('tools/list', async (request) => {
        const start = Number((request.params as { cursor?: string } | undefined)?.cursor ?? 0);
        const next = start + pageSize;
        return {
          tools: options.tools.slice(start, next) as never,
          ...(next < options.tools.length ? { nextCursor: String(next) } : {}),
        };
      });
      server.setRequestHandler('tools/call', async (request) => {
        const params = request.params as { name: string; arguments?: Record<string, unknown> };
        if (params.name === 'picture') {
          return {
            content: [
              { type: 'text', text: 'a picture' },
              { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
            ],
          };
        }
        if (params.name === 'failing')
          return { isError: true, content: [{ type: 'text', text: 'it broke' }] };
        return {
          content: [{ type: 'text', text: `called ${params.name}` }],
          structuredContent: {
            name: params.name,
            arguments: params.arguments ?? {},
            headers: headersSeen.at(-1) ?? {},
          },
        };
      });
      return server;
    },
    { responseMode: options.responseMode, legacy: options.legacy ?? 'stateless' },
  );
  return startHttpPeer(async (request, response) => {
    const cors = options.cors ? corsHeaders(request.headers['access-control-request-headers']) : {};
    if (options.cors && request.method === 'OPTIONS')
      return void response.writeHead(204, cors).end();
    const mcpHeaders = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.startsWith('mcp-') || name === 'x-key')
        .map(([name, value]) => [name, String(value)]),
    );
    headersSeen.push(mcpHeaders);
    const answer = await handler.fetch(
      new Request(`http://127.0.0.1${request.url}`, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        ...(request.method === 'POST' ? { body: request.body } : {}),
      }),
    );
    response.writeHead(answer.status, { ...Object.fromEntries(answer.headers), ...cors });
    if (answer.body)
      for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>)
        response.write(chunk);
    response.end();
  }).then((peer) => Object.assign(peer, { headersSeen }));
}
