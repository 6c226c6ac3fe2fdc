// ## Owns
// Local websites for the web face's tests: one HTTPS server on 127.0.0.1 that answers
// for many real-looking hostnames (Chromium maps each to it with
// --host-resolver-rules), each host with its own pages. Nothing leaves the machine.
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { SiteResponse } from './https-site';
import { typstCertificate } from './tls';

/** A page by path, or a function of the request URL (query included). */
export type WebPage = string | SiteResponse | ((url: URL) => SiteResponse | string | undefined);

/** Pages per hostname, e.g. `{ 'shop.example': { '/': '<!doctype html>…' } }`. */
export type WebHosts = Record<string, Record<string, WebPage>>;

export interface WebPages {
  readonly port: number;
  readonly hosts: readonly string[];
  /** The host rules that send every host to this server. */
  readonly hostRules: readonly string[];
  /** `https://<host><path>`. */
  url(host: string, path?: string): string;
  /** Requests served, as `host path`. */
  readonly requests: string[];
  /** Adds or replaces pages while the server runs. */
  set(host: string, path: string, page: WebPage): void;
  close(): Promise<void>;
}

const html = (body: string): SiteResponse => ({ type: 'text/html; charset=utf-8', body });

export async function startWebPages(hosts: WebHosts): Promise<WebPages> {
  const table = new Map(Object.entries(hosts).map(([host, pages]) => [host, { ...pages }]));
  const requests: string[] = [];
  // The certificate is not checked (--ignore-certificate-errors), so one serves all hosts.
  const server = https.createServer(typstCertificate(), (request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    const url = new URL(request.url ?? '/', `https://${host}`);
    requests.push(`${host} ${url.pathname}`);
    const page = table.get(host)?.[url.pathname];
    const answer = typeof page === 'function' ? page(url) : page;
    const resolved = typeof answer === 'string' ? html(answer) : answer;
    if (!resolved) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response
      .writeHead(resolved.status ?? 200, {
        'content-type': resolved.type,
        'cache-control': 'no-store',
      })
      .end(resolved.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    hosts: [...table.keys()],
    hostRules: [...table.keys()].map((host) => `MAP ${host} 127.0.0.1:${port}`),
    url: (host, path = '/') => `https://${host}${path}`,
    requests,
    set(host, path, page) {
      const pages = table.get(host);
      if (!pages) throw new Error(`${host} is not one of this server's hosts.`);
      pages[path] = page;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
