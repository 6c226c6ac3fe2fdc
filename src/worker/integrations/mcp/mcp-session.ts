// ## Owns
// Opening one short-lived MCP client for one exchange (discovery or one call) on
// @modelcontextprotocol/client, and ending it properly: a 2025-era session is
// terminated with DELETE, bounded so a server that never answers cannot hold us.
// ## Why `mode: 'auto'`
// The SDK defaults to the 2025 `initialize` handshake. `auto` probes
// `server/discover` (2026-07-28, stateless) first and falls back to `initialize`
// (2025-11-25, 2025-06-18, 2025-03-26) when the server does not speak it; the
// negotiated revision is reported, never hidden. A pinned mode refuses fallback.
import {
  Client,
  StreamableHTTPClientTransport,
  type DiscoverResult,
  type ElicitRequestFormParams,
  type ElicitResult,
  type OAuthClientProvider,
} from '@modelcontextprotocol/client';
import { checkEndpoint } from '../endpoint-policy';
import { IntegrationError } from '../integration-error';
import { storedHeaders, type McpServerRecord } from '../integration-records';
import { MCP_MAX_PAGES, mapMcpError } from './mcp-errors';
import { createMcpFetch, type McpFetchStats } from './mcp-fetch';
import type { ProgressParams } from './mcp-sse-progress';
import type { McpAuthProvider } from './mcp-auth';
import { guardTransport, type RawRequest } from './mcp-transport-guard';

/** The first revision without the `initialize` handshake. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
const CLIENT_INFO = { name: 'side-agent', version: '0.1.0' };

/** An era verdict remembered from discovery, so a call skips the probe round trip. */
export type McpPrior = { kind: 'modern'; discover: DiscoverResult } | { kind: 'legacy' };

/** Answers a server's form question (elicitation); absent where nobody can answer. */
export type McpElicit = (
  request: ElicitRequestFormParams,
  signal: AbortSignal,
) => Promise<ElicitResult>;

/** An open client for one exchange. Always `close()` it. */
export interface McpSession {
  readonly client: Client;
  readonly negotiatedVersion: string;
  readonly isFallback: boolean;
  readonly stats: McpFetchStats;
  /** Aborts with the run, at the hard cap, and when the server breaks the protocol. */
  readonly signal: AbortSignal;
  /** Ends the exchange now with `error` (our own limits, e.g. inactivity). */
  fail(error: IntegrationError): void;
  /**
   * After a call stopped for a sign-in (a scope step-up on 403), redeems the code
   * the person brought back; true when there was one and the call may be retried.
   */
  finishSignIn(): Promise<boolean>;
  /** A request whose result the SDK does not validate (see mcp-transport-guard.ts). */
  readonly rawRequest: RawRequest;
  /** The verdict to pass as `prior` next time. */
  prior(): McpPrior;
  close(): Promise<void>;
}

/** Options for {@link openMcpSession}. */
export interface OpenMcpSessionOptions {
  readonly fetch: typeof fetch;
  readonly signal: AbortSignal;
  /** Longest the whole exchange may take, connect included, whatever the progress. */
  readonly hardCapMs: number;
  /** Longest wait for connect (and for any answer when the caller sets no other). */
  readonly requestTimeoutMs: number;
  readonly prior?: McpPrior | undefined;
  readonly elicit?: McpElicit | undefined;
  /** OAuth for servers that ask for it (see mcp-auth.ts). */
  readonly authProvider?: OAuthClientProvider | undefined;
  /** Progress of this exchange's own requests; other tokens are dropped unseen. */
  readonly onProgress?: ((params: ProgressParams) => void) | undefined;
}

/**
 * Open a client to `server`: the endpoint and header policy are re-checked first
 * (no request leaves otherwise), then the transport runs over the bounded fetch.
 * When an interactive sign-in brought back an authorization code, the code is
 * redeemed and the connection opened once more.
 */
export async function openMcpSession(
  server: McpServerRecord,
  options: OpenMcpSessionOptions,
): Promise<McpSession> {
  try {
    return await openOnce(server, options);
  } catch (error) {
    const callback = (
      options.authProvider as Partial<McpAuthProvider> | undefined
    )?.takeCallback?.();
    if (!(error instanceof PendingSignIn)) throw error;
    try {
      if (callback == null) throw error.cause;
      await error.transport.finishAuth(callback).catch((cause: unknown) => {
        const failure = mapMcpError(cause, null, options.signal, `"${server.name}"`);
        throw new IntegrationError(failure.code, failure.message, failure.details ?? {});
      });
    } finally {
      error.release();
    }
    return openOnce(server, options);
  }
}

/** A connect that stopped for a sign-in; carries the transport that can finish it. */
class PendingSignIn extends Error {
  constructor(
    readonly transport: StreamableHTTPClientTransport,
    override readonly cause: IntegrationError,
    /** Ends the failed exchange once the code is redeemed (its fetch is still needed). */
    readonly release: () => void,
  ) {
    super(cause.message);
  }
}

async function openOnce(
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
  const controller = new AbortController();
  const signal = AbortSignal.any([options.signal, controller.signal]);
  const hardCap = setTimeout(() => {
    const seconds = Math.round(options.hardCapMs / 1_000);
    controller.abort(
      new IntegrationError('TIMEOUT', `"${server.name}" did not finish within ${seconds} s.`),
    );
  }, options.hardCapMs);
  // The token check needs the transport guard, which exists only after connect.
  let isOwnToken = (_token: unknown) => false;
  const onProgress = options.onProgress;
  const { fetch: boundedFetch, stats } = createMcpFetch({
    fetch: options.fetch,
    origin: endpoint.origin,
    signal,
    configuredHeaders: Object.keys(headers),
    // The authorization server may live elsewhere; it passes the same endpoint policy.
    ...(options.authProvider ? { mayReach: (url: URL) => checkEndpoint(url.href).ok } : {}),
    ...(onProgress
      ? {
          onProgress: (params: ProgressParams) =>
            void (isOwnToken(params.progressToken) && onProgress(params)),
        }
      : {}),
  });
  const capabilities = options.elicit ? { elicitation: { form: {} } } : {};
  const client = new Client(CLIENT_INFO, {
    capabilities,
    versionNegotiation: {
      mode: server.protocolMode === 'auto' ? 'auto' : { pin: MODERN_PROTOCOL_VERSION },
    },
    listMaxPages: MCP_MAX_PAGES,
  });
  const elicit = options.elicit;
  if (elicit) {
    client.setRequestHandler('elicitation/create', async (request) => {
      const params = request.params;
      // Only form questions are answered; a URL would send the person elsewhere.
      if (!('requestedSchema' in params)) return { action: 'decline' };
      return elicit(params as ElicitRequestFormParams, signal);
    });
  }
  const transport = new StreamableHTTPClientTransport(endpoint.url, {
    fetch: boundedFetch,
    requestInit: { headers },
    ...(options.authProvider ? { authProvider: options.authProvider } : {}),
    // A dropped stream is resumed as the server's `retry` field says; the hard cap still bounds it.
  });
  let isClosed = false;
  const release = () => {
    clearTimeout(hardCap);
    controller.abort(new IntegrationError('CANCELLED', 'The MCP exchange is closed.'));
  };
  // `keepFetch` leaves the fetch usable: a pending sign-in still redeems its code on it.
  const close = async (keepFetch = false) => {
    if (isClosed) return;
    isClosed = true;
    // A 2025-era server keeps a session until told otherwise; DELETE has its own deadline.
    if (transport.sessionId !== undefined)
      await transport.terminateSession().catch(() => undefined);
    await client.close().catch(() => undefined);
    if (!keepFetch) release();
  };
  try {
    await client.connect(transport, {
      signal,
      timeout: options.requestTimeoutMs,
      ...(options.prior ? { prior: options.prior } : {}),
    });
  } catch (error) {
    // Map before close(): closing aborts the signal, which would read as a Stop.
    const failure = mapMcpError(error, stats, signal, `"${server.name}"`);
    const mapped = new IntegrationError(failure.code, failure.message, failure.details ?? {});
    const isSignIn = failure.code === 'MCP_AUTH_REQUIRED' && options.authProvider !== undefined;
    await close(isSignIn);
    throw isSignIn ? new PendingSignIn(transport, mapped, release) : mapped;
  }
  const negotiatedVersion = client.getNegotiatedProtocolVersion() ?? 'unknown';
  const envelope =
    client.getProtocolEra() === 'modern'
      ? {
          protocolVersion: negotiatedVersion,
          clientInfo: CLIENT_INFO,
          clientCapabilities: capabilities,
        }
      : null;
  const fail = (error: IntegrationError) => {
    stats.failure ??= error;
    controller.abort(error);
  };
  const guard = guardTransport(transport, envelope, fail);
  isOwnToken = guard.isOutstanding;
  const discover = client.getDiscoverResult();
  return {
    client,
    negotiatedVersion,
    isFallback: negotiatedVersion !== MODERN_PROTOCOL_VERSION,
    stats,
    signal,
    fail,
    finishSignIn: async () => {
      const callback = (
        options.authProvider as Partial<McpAuthProvider> | undefined
      )?.takeCallback?.();
      if (callback == null) return false;
      await transport.finishAuth(callback);
      return true;
    },
    rawRequest: guard.rawRequest,
    prior: () =>
      discover !== undefined && negotiatedVersion === MODERN_PROTOCOL_VERSION
        ? { kind: 'modern', discover }
        : { kind: 'legacy' },
    close: () => close(),
  };
}
