// ## Owns
// Mapping whatever an MCP exchange throws (SDK errors, fetch failures, our own
// bounds) to one structured failure with a code from error-codes.ts and a message
// a person understands.
// ## Why by type and code, never by message text
// SDK messages are prose that changes between releases and may quote the server;
// the error classes and `SdkErrorCode` values are the SDK's stable contract. A
// network failure is a fetch `TypeError`, found on the `cause` chain because the
// SDK wraps it (connection refused during negotiation is `ERA_NEGOTIATION_FAILED`
// caused by a `TypeError`, which is not a version problem).
import {
  InsufficientScopeError,
  OAuthClientFlowError,
  OAuthError,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  UnauthorizedError,
  UnsupportedProtocolVersionError,
} from '@modelcontextprotocol/client';
import {
  IntegrationError,
  toIntegrationFailure,
  type IntegrationFailure,
} from '../integration-error';
import type { McpFetchStats } from './mcp-fetch';

/** Most `tools/list` pages followed in one discovery. */
export const MCP_MAX_PAGES = 20;
/** Longest foreign text copied into a message; servers choose these strings. */
const MAX_FOREIGN = 300;

const failure = (
  code: IntegrationFailure['code'],
  message: string,
  details?: IntegrationFailure['details'],
): IntegrationFailure => ({ ok: false, code, message, ...(details ? { details } : {}) });

function networkCause(error: unknown): TypeError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof TypeError) return current;
    current = current.cause;
  }
  return null;
}

function sdkFailure(error: SdkError, serverName: string): IntegrationFailure {
  switch (error.code) {
    case SdkErrorCode.RequestTimeout:
      return failure('TIMEOUT', `${serverName} did not answer in time.`);
    case SdkErrorCode.ListPaginationExceeded:
      return failure('MCP_PAGE_LIMIT', `tools/list needs more than ${MCP_MAX_PAGES} pages.`);
    case SdkErrorCode.UnsupportedResultType:
    case SdkErrorCode.CapabilityNotSupported:
    case SdkErrorCode.InputRequiredRoundsExceeded:
      return failure(
        'MCP_INPUT_REQUIRED_UNSUPPORTED',
        `The tool needs more input from ${serverName} than Side Agent can give here (only form questions answered in the panel are supported).`,
      );
    case SdkErrorCode.EraNegotiationFailed:
    case SdkErrorCode.MethodNotSupportedByProtocolVersion:
      return failure(
        'MCP_UNSUPPORTED_VERSION',
        `${serverName} does not offer a protocol revision this server setting allows.`,
      );
    case SdkErrorCode.ClientHttpAuthentication:
      return failure('MCP_AUTH_REQUIRED', `Sign in to ${serverName} in Settings → MCP.`);
    case SdkErrorCode.ClientHttpForbidden:
      return failure('MCP_AUTH_FORBIDDEN', `${serverName} refused access with this sign-in.`);
    default:
      return failure(
        'MCP_PROTOCOL_ERROR',
        `${serverName} broke the MCP protocol (${error.code}).`,
        { sdkCode: error.code },
      );
  }
}

/** Map an SDK, fetch or bound error to a structured failure. */
export function mapMcpError(
  error: unknown,
  stats: McpFetchStats | null,
  signal: AbortSignal,
  serverName = 'The MCP server',
): IntegrationFailure {
  if (error instanceof IntegrationError) return toIntegrationFailure(error, 'MCP_PROTOCOL_ERROR');
  // Our bound fired under the SDK, which wrapped it: report the real cause.
  if (stats?.failure) return toIntegrationFailure(stats.failure, 'MCP_PROTOCOL_ERROR');
  if (signal.aborted) return toIntegrationFailure(error, 'MCP_PROTOCOL_ERROR', signal);
  if (error instanceof UnsupportedProtocolVersionError) {
    return failure(
      'MCP_UNSUPPORTED_VERSION',
      `${serverName} supports ${error.supported.join(', ').slice(0, MAX_FOREIGN) || 'no common'} protocol revision(s).`,
      { supported: error.supported.slice(0, 16) },
    );
  }
  const network = networkCause(error);
  if (network !== null)
    return failure(
      'INTEGRATION_NETWORK',
      `${serverName} could not be reached (${network.message.slice(0, 120)}).`,
    );
  if (error instanceof UnauthorizedError)
    return failure('MCP_AUTH_REQUIRED', `Sign in to ${serverName} in Settings → MCP.`);
  if (error instanceof InsufficientScopeError)
    return failure(
      'MCP_AUTH_FORBIDDEN',
      `${serverName} needs more permissions; sign in again in Settings → MCP.`,
    );
  if (error instanceof OAuthError || error instanceof OAuthClientFlowError)
    return failure(
      'MCP_AUTH_FAILED',
      `Signing in to ${serverName} failed; sign in again in Settings → MCP.`,
      {
        reason: error.name,
      },
    );
  // A 401 or 403 the SDK did not turn into an auth error of its own (a client with no
  // sign-in set up gets a plain HTTP error) is still about signing in, not the protocol.
  if (error instanceof SdkHttpError && error.status === 401)
    return failure('MCP_AUTH_REQUIRED', `Sign in to ${serverName} in Settings → MCP.`);
  if (error instanceof SdkHttpError && error.status === 403)
    return failure(
      'MCP_AUTH_FORBIDDEN',
      `${serverName} needs more permissions; sign in again in Settings → MCP.`,
    );
  if (error instanceof SdkHttpError)
    return failure('MCP_HTTP_ERROR', `${serverName} answered HTTP ${error.status}.`, {
      status: error.status,
    });
  if (error instanceof SdkError) return sdkFailure(error, serverName);
  if (error instanceof ProtocolError)
    return failure(
      'MCP_PROTOCOL_ERROR',
      `${serverName} returned JSON-RPC error ${error.code}: ${error.message.slice(0, MAX_FOREIGN)}`,
      { rpcCode: error.code },
    );
  if (error instanceof SyntaxError)
    return failure('MCP_INVALID_JSON', `${serverName} sent an answer that is not valid JSON.`);
  return toIntegrationFailure(error, 'MCP_PROTOCOL_ERROR');
}
