// A scripted fetch for skill tests: answers by URL and records every request.
import type { ToolRunContext } from '../../tools/define-tool';

export interface RecordedRequest {
  readonly url: string;
  readonly init: RequestInit;
}

export type Answer = (url: string, init: RequestInit) => Response | Promise<Response>;

export function fakeFetch(answer: Answer): { fetch: typeof fetch; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetchLike = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    requests.push({ url, init });
    return answer(url, init);
  }) as typeof fetch;
  return { fetch: fetchLike, requests };
}

export const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

/** A tool context whose tab shows `tabUrl`. */
export const toolContext = (
  tabUrl = 'https://shop.example/item/1',
  signal = new AbortController().signal,
) =>
  ({
    signal,
    page: {
      tabId: 1,
      request: async () => ({
        ok: true,
        data: { siteId: 'web', url: tabUrl, title: 'Item', documentId: 'doc-1' },
      }),
    },
  }) as unknown as ToolRunContext;
