// ## Owns
// Fetching one file for a download the way fetch_url reads (fetch-request.ts: the
// same address rules on every redirect hop, cookies only to the tab's site), but
// refusing a file over MAX_DOWNLOAD_BYTES, by its declared length before any byte is
// read and by the bytes streamed when it declares none or lies.
import type { ToolOutcome } from '../../../../worker/tools/define-tool';
import type { FetchRunFacts } from '../network/fetch-decision';
import { sendFetch, type Fetcher } from '../network/fetch-request';

export const MAX_DOWNLOAD_BYTES = 20_000_000;
export const DOWNLOAD_TIMEOUT_MS = 60_000;

export interface FetchedFile {
  readonly url: string;
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

type Failure = Extract<ToolOutcome, { ok: false }>;

export async function fetchFile(
  url: string,
  run: FetchRunFacts,
  fetcher: Fetcher,
  signal: AbortSignal,
  maxBytes = MAX_DOWNLOAD_BYTES,
): Promise<{ ok: true; file: FetchedFile } | Failure> {
  const sent = await sendFetch(new URL(url), {
    method: 'GET',
    run,
    signal,
    fetcher,
    timeoutMs: DOWNLOAD_TIMEOUT_MS,
    maxBytes,
    maxDeclaredBytes: maxBytes,
  });
  if (!sent.ok) return sent;
  const { response } = sent;
  if (response.body.truncated)
    return {
      ok: false,
      code: 'DOWNLOAD_TOO_LARGE',
      message: `${url} sent more than ${maxBytes} bytes, more than a download may be; it was stopped and nothing was saved.`,
    };
  if (response.status >= 400)
    return {
      ok: false,
      code: 'DOWNLOAD_FAILED',
      message: `${url} answered HTTP ${response.status}; nothing was saved.`,
    };
  return {
    ok: true,
    file: {
      url: response.url,
      contentType: response.contentType.split(';')[0]!.trim().toLowerCase(),
      bytes: response.body.bytes,
    },
  };
}
