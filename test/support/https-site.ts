// A tiny HTTPS server that plays a website (typst.app in most tests). Chromium
// reaches it through --host-resolver-rules; nothing leaves 127.0.0.1.
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { typstCertificate } from './tls';

export interface SiteResponse {
  readonly status?: number;
  readonly type: string;
  readonly body: string | Buffer;
}

export type SiteHandler = (url: URL) => SiteResponse | undefined;

export interface HttpsSite {
  readonly port: number;
  readonly requests: string[];
  close(): Promise<void>;
}

export async function startHttpsSite(handler: SiteHandler): Promise<HttpsSite> {
  const requests: string[] = [];
  const server = https.createServer(typstCertificate(), (request, response) => {
    const url = new URL(request.url ?? '/', 'https://typst.app');
    requests.push(url.pathname);
    const answer = handler(url);
    if (!answer) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response
      .writeHead(answer.status ?? 200, { 'content-type': answer.type, 'cache-control': 'no-store' })
      .end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
