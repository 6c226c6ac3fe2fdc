// ## Owns
// A file-tool test rig: files served by a fake fetcher (with a count of requests in
// flight), a fake Downloads that records what it saved, and a run context.
import type { ToolRunContext } from '../../../../../worker/tools/define-tool';
import type { Fetcher } from '../../network/fetch-request';
import type { FileToolDeps } from '../save-file';

export type Served = Record<string, () => Response>;

let runs = 0;

export function fileToolRig(served: Served, options: { canSave?: boolean; delayMs?: number } = {}) {
  const requested: string[] = [];
  const saved: { url: string; filename: string }[] = [];
  const flight = { now: 0, most: 0 };
  const fetcher: Fetcher = async (url) => {
    requested.push(url);
    flight.now += 1;
    flight.most = Math.max(flight.most, flight.now);
    try {
      await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 0));
      const page = served[url];
      return page ? page() : new Response('not found', { status: 404 });
    } finally {
      flight.now -= 1;
    }
  };
  const deps: FileToolDeps = {
    fetcher,
    tabUrl: async () => 'https://shop.example/orders',
    canSave: async () => options.canSave ?? true,
    startDownload: async (url, filename) => {
      saved.push({ url, filename });
      return { ok: true, downloadId: 100 + saved.length };
    },
  };
  const context = {
    runId: `files-run-${(runs += 1)}`,
    state: { site: null },
    signal: new AbortController().signal,
    page: { tabId: 7 },
    identity: { scope: { siteId: 'web', projectId: 'https://shop.example' } },
    personText: ['Download the invoices'],
  } as unknown as ToolRunContext;
  return { deps, context, requested, saved, flight };
}

export const textFile =
  (text: string, type = 'text/plain') =>
  () =>
    new Response(text, { headers: { 'content-type': type } });
