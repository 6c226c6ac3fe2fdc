// A loopback HTTP proxy to the scripted model server that answers CORS, so the
// extension worker can fetch it without an optional host-permission grant (which
// headless Chromium cannot give without a prompt).
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CorsProxy {
  readonly port: number;
  /** `http://127.0.0.1:<port>/v1`: loopback HTTP passes the endpoint policy. */
  readonly baseUrl: string;
  close(): Promise<void>;
}

export async function startCorsProxy(targetPort: number): Promise<CorsProxy> {
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'authorization, content-type, x-api-key, anthropic-version',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
  };
  const server = createServer((incoming, outgoing) => {
    if (incoming.method === 'OPTIONS') return void outgoing.writeHead(204, cors).end();
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: targetPort,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...cors });
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502, cors).end());
    // A client that gives up (Stop) must also end the upstream request.
    outgoing.on('close', () => upstream.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
