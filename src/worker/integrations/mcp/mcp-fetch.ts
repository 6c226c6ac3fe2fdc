// ## Owns
// The fetch the MCP SDK's Streamable HTTP transport uses for this extension: every
// request goes to the configured origin only, without cookies, and a redirect is
// refused with the origin it pointed to; every response body is bounded (2 MiB)
// while it streams, JSON and SSE alike. It counts requests by JSON-RPC method,
// which is how Probe reports pages.
// ## Why a wrapper and not SDK options
// The SDK reads bodies itself (`json()`, an SSE parser); only a stream wrapped
// under it can stop a never-ending or oversized response before it is buffered,
// and its redirect policy allows same-origin hops that the approved destination
// does not cover.
// ## Why cancellation and DELETE get their own deadline
// Stop and our timeouts abort the exchange signal at the moment the SDK sends
// `notifications/cancelled` (and `close()` sends DELETE); linked to that signal,
// both would be cancelled before they left. They get a short deadline instead.
import type { FetchLike } from '@modelcontextprotocol/client';
import { boundedStream } from '../bounded-body';
import { byteBound } from '../body-steps';
import { IntegrationError } from '../integration-error';
import { readSseAnswer } from './mcp-sse-answer';
import { progressStep, type ProgressParams } from './mcp-sse-progress';

/** Largest response body accepted from an MCP server. */
export const MCP_RESPONSE_MAX_BYTES = 2 * 1024 * 1024;
/** How long `notifications/cancelled` and the session DELETE may take. */
export const MCP_FAREWELL_TIMEOUT_MS = 2_000;

/** What one MCP exchange saw; read after a failure to report the real cause. */
export interface McpFetchStats {
  /** POSTs per JSON-RPC method (`tools/list` counts pages). */
  readonly methods: Map<string, number>;
  /** The first bound or policy failure, which the SDK may have wrapped. */
  failure: IntegrationError | null;
}

/** Options for {@link createMcpFetch}. */
export interface McpFetchOptions {
  readonly fetch: typeof fetch;
  /** The only origin requests may go to (checked by the endpoint policy at open). */
  readonly origin: string;
  readonly maxBytes?: number;
  /** The run's signal plus the exchange's hard cap. */
  readonly signal: AbortSignal;
  /** Receives the progress notifications taken out of SSE answers (mcp-sse-progress.ts). */
  readonly onProgress?: (params: ProgressParams) => void;
  /**
   * Other origins this exchange may reach: the authorization server of a server
   * that uses OAuth. The server's configured headers never go there.
   */
  readonly mayReach?: (url: URL) => boolean;
  /** Names of the configured headers, removed from requests to other origins. */
  readonly configuredHeaders?: readonly string[];
}

// The method sits near the start of every body the SDK writes; a bounded scan
// avoids parsing a large tools/call body a second time just to count it.
const METHOD_PATTERN = /"method"\s*:\s*"([^"\\]{1,128})"/;

function methodOf(body: unknown): string | null {
  if (typeof body !== 'string') return null;
  return METHOD_PATTERN.exec(body.slice(0, 512))?.[1] ?? null;
}

function originOf(location: string | null, base: string): string | null {
  if (location === null) return null;
  try {
    return new URL(location, base).origin;
  } catch {
    return null;
  }
}

/** A bounded, origin-locked fetch for one MCP exchange, and its stats. */
export function createMcpFetch(options: McpFetchOptions): {
  fetch: FetchLike;
  stats: McpFetchStats;
} {
  const stats: McpFetchStats = { methods: new Map(), failure: null };
  const maxBytes = options.maxBytes ?? MCP_RESPONSE_MAX_BYTES;
  const fail = (error: IntegrationError) => {
    stats.failure ??= error;
    return error;
  };
  const wrapped: FetchLike = async (input, init) => {
    const url = new URL(input instanceof URL ? input.href : String(input));
    const isElsewhere = url.origin !== options.origin;
    if (isElsewhere && options.mayReach?.(url) === true) {
      const headers = new Headers(init?.headers);
      for (const name of options.configuredHeaders ?? []) headers.delete(name);
      init = { ...init, headers };
    } else if (isElsewhere)
      throw fail(
        new IntegrationError(
          'REDIRECT_REFUSED',
          `Refused a request to ${url.origin}; this server is ${options.origin}.`,
          { target: url.origin },
        ),
      );
    const method = init?.method ?? 'GET';
    const rpc = method === 'POST' ? methodOf(init?.body) : null;
    if (rpc !== null) stats.methods.set(rpc, (stats.methods.get(rpc) ?? 0) + 1);
    const isFarewell = method === 'DELETE' || rpc === 'notifications/cancelled';
    const signals = isFarewell
      ? [AbortSignal.timeout(MCP_FAREWELL_TIMEOUT_MS)]
      : [options.signal, ...(init?.signal instanceof AbortSignal ? [init.signal] : [])];
    const signal = signals.length === 1 ? signals[0]! : AbortSignal.any(signals);
    const response = await options.fetch(url.href, {
      ...init,
      redirect: 'manual',
      credentials: 'omit',
      cache: 'no-store',
      signal,
    });
    // Browsers hide a manual redirect's target (an opaque response, status 0).
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel().catch(() => undefined);
      const target = originOf(response.headers.get('location'), url.href);
      throw fail(
        new IntegrationError(
          'REDIRECT_REFUSED',
          target === null
            ? 'The MCP server answered with a redirect; redirects are not followed.'
            : `The MCP server redirected to ${target}; redirects are not followed.`,
          target === null ? {} : { target },
        ),
      );
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw fail(tooLarge(maxBytes));
    }
    if (response.body === null) return response;
    const isStream = response.headers.get('content-type')?.startsWith('text/event-stream') === true;
    // fetch never reads past a declared Content-Length, so a body that declares a
    // length within the bound needs no counting stream (most JSON answers do) —
    // unless it is compressed (the length counts compressed bytes), or a CORS
    // response, which hides whether it is.
    const isPlain = response.type !== 'cors' && !response.headers.has('content-encoding');
    if (!isStream && isPlain && declared <= maxBytes) return response;
    const onTooLarge = () => fail(tooLarge(maxBytes));
    // Answers to POSTs are read for progress and for an event cut off at the end,
    // in the same reader that bounds them (body-steps.ts says why one); a lone
    // answer reaches the SDK as JSON (mcp-sse-answer.ts says why).
    if (isStream && method === 'POST')
      return readSseAnswer(
        response,
        [byteBound(maxBytes, onTooLarge), progressStep(options.onProgress)],
        signal,
      );
    return new Response(boundedStream(response.body, maxBytes, onTooLarge), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return { fetch: wrapped, stats };
}

function tooLarge(maxBytes: number): IntegrationError {
  return new IntegrationError(
    'MCP_RESPONSE_TOO_LARGE',
    `The response is larger than ${maxBytes} bytes.`,
    { limit: maxBytes },
  );
}
