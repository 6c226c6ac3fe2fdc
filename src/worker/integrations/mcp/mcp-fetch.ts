// ## Owns
// The fetch the MCP SDK's Streamable HTTP transport uses for this extension: every
// request goes to the configured origin only, without cookies or redirects, and
// every response body is bounded (2 MiB) while it streams, JSON and SSE alike.
// It also counts requests by JSON-RPC method, which is how Probe reports pages.
// ## Why a wrapper and not SDK options
// The SDK reads bodies itself (`json()`, an SSE parser); only a stream wrapped
// under it can stop a never-ending or oversized response before it is buffered.
import type { FetchLike } from '@modelcontextprotocol/client';
import { boundResponse } from '../bounded-body';
import { IntegrationError } from '../integration-error';

/** Largest response body accepted from an MCP server. */
export const MCP_RESPONSE_MAX_BYTES = 2 * 1024 * 1024;

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
  /** Checked before every request: the run's signal plus the call timeout. */
  readonly signal: AbortSignal;
}

function methodOf(body: unknown): string | null {
  if (typeof body !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as { method?: unknown }).method === 'string'
      ? (parsed as { method: string }).method
      : null;
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
    if (url.origin !== options.origin)
      throw fail(
        new IntegrationError(
          'REDIRECT_REFUSED',
          `Refused a request to ${url.origin}; this server is ${options.origin}.`,
        ),
      );
    const method = init?.method ?? 'GET';
    if (method === 'POST') {
      const rpc = methodOf(init?.body);
      if (rpc !== null) stats.methods.set(rpc, (stats.methods.get(rpc) ?? 0) + 1);
    }
    // Link the SDK's own per-request signal with the run's, so Stop cancels the stream.
    const signals = [options.signal, init?.signal].filter(
      (signal): signal is AbortSignal => signal instanceof AbortSignal,
    );
    const response = await options.fetch(url.href, {
      ...init,
      redirect: 'error',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.any(signals),
    });
    try {
      return boundResponse(response, maxBytes, 'MCP_RESPONSE_TOO_LARGE');
    } catch (error) {
      throw error instanceof IntegrationError ? fail(error) : error;
    }
  };
  // The streamed bound errors inside the SDK's reader; record it there too.
  const recording: FetchLike = async (input, init) => {
    const response = await wrapped(input, init);
    if (response.body === null) return response;
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          if (error instanceof IntegrationError) fail(error);
          controller.error(error);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return { fetch: recording, stats };
}
