// ## Owns
// Opening one short-lived MCP client for one exchange (discovery or one call) on
// @modelcontextprotocol/client 2.4.0, and mapping whatever it throws to our codes.
// ## Why `mode: 'auto'`
// The SDK defaults to the 2025 `initialize` handshake. `auto` probes
// `server/discover` (2026-07-28, stateless) first and falls back to `initialize`
// (2025-11-25, 2025-06-18, 2025-03-26) when the server does not speak it; the
// negotiated revision is reported, never hidden. A pinned mode refuses fallback.
import {
  Client,
  ProtocolError,
  SdkError,
  SdkHttpError,
  StreamableHTTPClientTransport,
  UnsupportedProtocolVersionError,
  type DiscoverResult,
} from '@modelcontextprotocol/client';
import { linkSignals } from '../../../shared/lib/abort';
import { checkEndpoint } from '../endpoint-policy';
import {
  IntegrationError,
  toIntegrationFailure,
  type IntegrationFailure,
} from '../integration-error';
import { storedHeaders, type McpServerRecord } from '../integration-records';
import { createMcpFetch, type McpFetchStats } from './mcp-fetch';

/** The first revision without the `initialize` handshake. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
const CLIENT_INFO = { name: 'side-agent', version: '0.1.0' };

/** An era verdict remembered from discovery, so a call skips the probe round trip. */
export type McpPrior = { kind: 'modern'; discover: DiscoverResult } | { kind: 'legacy' };

/** An open client for one exchange. Always `close()` it. */
export interface McpSession {
  readonly client: Client;
  readonly negotiatedVersion: string;
  readonly isFallback: boolean;
  readonly stats: McpFetchStats;
  /** Aborts with the run and at the exchange timeout. */
  readonly signal: AbortSignal;
  /** The verdict to pass as `prior` next time. */
  prior(): McpPrior;
  close(): Promise<void>;
}

/** Options for {@link openMcpSession}. */
export interface OpenMcpSessionOptions {
  readonly fetch: typeof fetch;
  readonly signal: AbortSignal;
  /** Budget for the whole exchange, connect included. */
  readonly timeoutMs: number;
  readonly prior?: McpPrior | undefined;
}

/**
 * Open a client to `server`: the endpoint and header policy are re-checked first
 * (no request leaves otherwise), then the transport runs over the bounded fetch.
 */
export async function openMcpSession(
  server: McpServerRecord,
  options: OpenMcpSessionOptions,
): Promise<McpSession> {
  const endpoint = checkEndpoint(server.url, {
    insecureOriginAcknowledged: server.insecureOriginAcknowledged ?? undefined,
  });
  if (!endpoint.ok) throw new IntegrationError(endpoint.code, endpoint.message);
  const headers = storedHeaders(server.headers, 'mcp');
  if (headers === null)
    throw new IntegrationError(
      'INVALID_HEADER',
      'The saved headers no longer pass the header policy; edit the server.',
    );
  const controller = linkSignals([options.signal], options.timeoutMs);
  const { fetch: boundedFetch, stats } = createMcpFetch({
    fetch: options.fetch,
    origin: endpoint.origin,
    signal: controller.signal,
  });
  const client = new Client(CLIENT_INFO, {
    capabilities: {},
    versionNegotiation: {
      mode: server.protocolMode === 'auto' ? 'auto' : { pin: MODERN_PROTOCOL_VERSION },
    },
    listMaxPages: MCP_MAX_PAGES,
  });
  const transport = new StreamableHTTPClientTransport(endpoint.url, {
    fetch: boundedFetch,
    requestInit: { headers },
  });
  const close = async () => {
    controller.abort();
    await client.close().catch(() => undefined);
  };
  try {
    await client.connect(transport, {
      signal: controller.signal,
      timeout: options.timeoutMs,
      ...(options.prior ? { prior: options.prior } : {}),
    });
  } catch (error) {
    // Map before close(): closing aborts the signal, which would read as a Stop.
    const failure = mapMcpError(error, stats, controller.signal);
    await close();
    throw new IntegrationError(...failureArgs(failure));
  }
  const negotiatedVersion = client.getNegotiatedProtocolVersion() ?? 'unknown';
  const discover = client.getDiscoverResult();
  return {
    client,
    negotiatedVersion,
    isFallback: negotiatedVersion !== MODERN_PROTOCOL_VERSION,
    stats,
    signal: controller.signal,
    prior: () =>
      discover !== undefined && negotiatedVersion === MODERN_PROTOCOL_VERSION
        ? { kind: 'modern', discover }
        : { kind: 'legacy' },
    close,
  };
}

/** Most `tools/list` pages followed in one discovery. */
export const MCP_MAX_PAGES = 20;

function failureArgs(failure: IntegrationFailure): ConstructorParameters<typeof IntegrationError> {
  return [failure.code, failure.message, failure.details ?? {}];
}

/** Map an SDK, fetch or bound error to a structured failure. */
export function mapMcpError(
  error: unknown,
  stats: McpFetchStats | null,
  signal: AbortSignal,
): IntegrationFailure {
  if (error instanceof IntegrationError) return toIntegrationFailure(error, 'MCP_PROTOCOL_ERROR');
  // Our bound fired under the SDK, which wrapped it: report the real cause.
  if (stats?.failure) return toIntegrationFailure(stats.failure, 'MCP_PROTOCOL_ERROR');
  if (signal.aborted) return toIntegrationFailure(error, 'MCP_PROTOCOL_ERROR', signal);
  if (error instanceof UnsupportedProtocolVersionError) {
    return {
      ok: false,
      code: 'MCP_UNSUPPORTED_VERSION',
      message: `The server supports ${error.supported.join(', ') || 'no common'} protocol revision(s).`,
      details: { supported: error.supported },
    };
  }
  if (error instanceof SdkHttpError)
    return {
      ok: false,
      code: 'MCP_HTTP_ERROR',
      message: `HTTP ${error.status}`,
      details: { status: error.status },
    };
  if (error instanceof SdkError) {
    const code = String(error.code);
    if (code === 'REQUEST_TIMEOUT')
      return { ok: false, code: 'TIMEOUT', message: 'The MCP server did not answer in time.' };
    if (code === 'LIST_PAGINATION_EXCEEDED')
      return {
        ok: false,
        code: 'MCP_PAGE_LIMIT',
        message: `tools/list needs more than ${MCP_MAX_PAGES} pages.`,
      };
    if (code === 'UNSUPPORTED_RESULT_TYPE' || code.startsWith('INPUT_REQUIRED'))
      return {
        ok: false,
        code: 'MCP_INPUT_REQUIRED_UNSUPPORTED',
        message: 'The tool asked for more input, which Side Agent does not support.',
      };
    if (/version|era/i.test(error.message))
      return { ok: false, code: 'MCP_UNSUPPORTED_VERSION', message: error.message.slice(0, 500) };
    return {
      ok: false,
      code: 'MCP_PROTOCOL_ERROR',
      message: `${code}: ${error.message}`.slice(0, 500),
    };
  }
  if (error instanceof ProtocolError)
    return {
      ok: false,
      code: 'MCP_PROTOCOL_ERROR',
      message: `JSON-RPC error ${error.code}: ${error.message}`.slice(0, 500),
      details: { rpcCode: error.code },
    };
  if (error instanceof TypeError)
    return {
      ok: false,
      code: 'INTEGRATION_NETWORK',
      message: `The MCP server could not be reached: ${error.message}`.slice(0, 500),
    };
  return toIntegrationFailure(error, 'MCP_PROTOCOL_ERROR');
}
