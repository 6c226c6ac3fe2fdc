// Sends one fetch_url request: redirects followed here, at most MAX_REDIRECTS, each
// hop checked again (an address refused outright, or an origin the person would be
// asked about, ends the call: nobody approved that hop); cookies only to the tab's
// registrable domain; the body read up to a byte bound, the rest cancelled; a time
// limit on top of the run's Stop.
import type { ToolOutcome } from '../../../../worker/tools/define-tool';
import { readBodyPrefix, type BodyPrefix } from '../../../../worker/integrations/bounded-body';
import { mayFetchWithoutAsking, type FetchRunFacts, type ReadMethod } from './fetch-decision';
import type { WriteMethod } from './fetch-write';
import { sameSite } from './registrable-domain';

export const MAX_REDIRECTS = 5;
/** Bytes of a response read at most; the rest is never downloaded. */
export const MAX_FETCH_BYTES = 2_000_000;
export const FETCH_TIMEOUT_MS = 20_000;

export type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

export interface FetchedResponse {
  readonly url: string;
  readonly status: number;
  readonly contentType: string;
  readonly redirects: number;
  readonly body: BodyPrefix;
}

type Failure = Extract<ToolOutcome, { ok: false }>;

export interface FetchOptions {
  readonly method: ReadMethod | WriteMethod;
  /** A write's checked body and headers (fetch-write.ts); absent for reads. */
  readonly write?: { readonly body: string; readonly headers: Record<string, string> };
  readonly run: FetchRunFacts;
  readonly signal: AbortSignal;
  readonly fetcher: Fetcher;
  readonly timeoutMs?: number;
  readonly maxBytes?: number;
  /**
   * A declared Content-Length over this ends the call before any byte is read
   * (a download refuses such a file; a read keeps the start of a long page).
   */
  readonly maxDeclaredBytes?: number;
}

const failure = (code: Failure['code'], message: string): Failure => ({ ok: false, code, message });

/** Whether the person's approval of `approvedOrigin` covers the hop to `next`. */
function hopAllowed(next: string, approvedOrigin: string, options: FetchOptions): Failure | null {
  const verdict = mayFetchWithoutAsking(options.method, next, options.run);
  if (verdict.ask === 'refused') return verdict.outcome;
  if (verdict.ask === false || new URL(next).origin === approvedOrigin) return null;
  return failure(
    'REDIRECT_REFUSED',
    `The server redirected to ${next}, another site nobody approved; it was not followed. Call fetch_url with that address if it is needed.`,
  );
}

/** Fetch `url` (already decided on by the caller), following redirects that stay allowed. */
export async function sendFetch(
  url: URL,
  options: FetchOptions,
): Promise<{ ok: true; response: FetchedResponse } | Failure> {
  const signal = AbortSignal.any([
    options.signal,
    AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS),
  ]);
  let current = url;
  try {
    for (let redirects = 0; ; redirects += 1) {
      const response = await options.fetcher(current.href, {
        method: options.method,
        ...(options.write
          ? {
              headers: options.write.headers,
              ...(options.write.body !== '' ? { body: options.write.body } : {}),
            }
          : {}),
        redirect: 'manual',
        credentials: sameSite(current.href, options.run.siteUrl) ? 'include' : 'omit',
        signal,
      });
      // A browser hides where a manual redirect goes: it cannot be checked, so not followed.
      if (response.type === 'opaqueredirect') {
        return failure(
          'REDIRECT_REFUSED',
          `${current.href} redirected to an address the browser does not show; it was not followed.`,
        );
      }
      const location =
        response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
      if (location === null) {
        const declared = Number(response.headers.get('content-length') ?? 0) || 0;
        if (options.maxDeclaredBytes !== undefined && declared > options.maxDeclaredBytes) {
          await response.body?.cancel().catch(() => undefined);
          return failure(
            'DOWNLOAD_TOO_LARGE',
            `${current.href} is ${declared} bytes, more than the ${options.maxDeclaredBytes} a download may be; nothing was saved.`,
          );
        }
        const body =
          options.method === 'HEAD'
            ? {
                bytes: new Uint8Array(0),
                truncated: false,
                originalLength: Number(response.headers.get('content-length') ?? 0) || 0,
              }
            : await readBodyPrefix(response, options.maxBytes ?? MAX_FETCH_BYTES);
        return {
          ok: true,
          response: {
            url: current.href,
            status: response.status,
            contentType: response.headers.get('content-type') ?? '',
            redirects,
            body,
          },
        };
      }
      await response.body?.cancel().catch(() => undefined);
      // A write is approved for one address: a redirect would resend it elsewhere.
      if (options.write)
        return failure(
          'REDIRECT_REFUSED',
          `${current.href} redirected the ${options.method} to ${location}; it was not resent. Nobody approved that address.`,
        );
      if (redirects >= MAX_REDIRECTS) {
        return failure(
          'REDIRECT_REFUSED',
          `More than ${MAX_REDIRECTS} redirects from ${url.href}; stopped.`,
        );
      }
      let next: URL;
      try {
        next = new URL(location, current);
      } catch {
        return failure('REDIRECT_REFUSED', `${current.href} redirected to an invalid address.`);
      }
      const refusal = hopAllowed(next.href, url.origin, options);
      if (refusal)
        return refusal.code === 'REDIRECT_REFUSED'
          ? refusal
          : {
              ...refusal,
              code: 'REDIRECT_REFUSED',
              message: `The server redirected to a refused address: ${refusal.message}`,
            };
      current = next;
    }
  } catch (error) {
    if (options.signal.aborted) throw error;
    if (signal.aborted)
      return failure(
        'TIMEOUT',
        `${current.href} did not answer within ${Math.round((options.timeoutMs ?? FETCH_TIMEOUT_MS) / 1000)} s.`,
      );
    return failure(
      'FETCH_NETWORK',
      `${current.href} could not be reached (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
}
