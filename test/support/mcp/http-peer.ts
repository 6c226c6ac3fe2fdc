// A node:http server on 127.0.0.1 that records every request, for integration tests.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
  /** The JSON-RPC method, when the body is a JSON-RPC request. */
  readonly rpc: string | null;
}

export interface HttpPeer {
  readonly url: string;
  readonly origin: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

export type PeerHandler = (
  request: RecordedRequest,
  response: http.ServerResponse,
) => void | Promise<void>;

function rpcOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { method?: unknown };
    return typeof parsed.method === 'string' ? parsed.method : null;
  } catch {
    return null;
  }
}

/** Start a recording server; `path` is appended to the origin for `url`. */
export async function startHttpPeer(handler: PeerHandler, path = '/mcp'): Promise<HttpPeer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const recorded = {
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      headers: request.headers,
      body,
      rpc: rpcOf(body),
    };
    requests.push(recorded);
    try {
      await handler(recorded, response);
    } catch {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}${path}`,
    origin,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Write a JSON-RPC result (or error) as JSON. */
export function writeRpc(
  response: http.ServerResponse,
  id: unknown,
  payload: { result?: unknown; error?: unknown },
  status = 200,
): void {
  response
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', id, ...payload }));
}
