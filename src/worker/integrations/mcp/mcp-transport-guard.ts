// ## Owns
// What sits between the Streamable HTTP transport and the SDK's protocol layer
// for one exchange: a response to a request nobody sent fails the exchange at
// once, a progress notification for a token we never issued is dropped, and
// `rawRequest` sends a request on the same transport (headers, session, auth and
// the bounded fetch all still apply) and hands back the raw result.
// ## Why here and not in the SDK
// The SDK reports an answer with an unknown id only to `onerror` and keeps
// waiting, so a server that echoes the wrong id costs the whole time limit. For
// a progress notification with an unknown token it builds an Error holding the
// whole notification; a server sending a thousand of them a second then spends
// most of the call in garbage collection for messages we ignore anyway. And its
// 2026-07-28 codec validates a `tools/list` result against the full Tool schema
// before any caller-supplied schema, so one malformed tool fails the whole page:
// discovery reads pages raw and judges each tool itself (mcp-tool-validation.ts).
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  ProtocolError,
  type JSONRPCMessage,
  type StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { IntegrationError } from '../integration-error';
import { CUT_OFF_METHOD } from './mcp-sse-progress';

type Raw = Record<string, unknown>;
type Waiter = { resolve: (result: Raw) => void; reject: (error: Error) => void };

/** Sends one request outside the SDK's result validation and resolves its raw result. */
export type RawRequest = (
  method: string,
  params: Raw,
  options: { signal: AbortSignal; timeoutMs: number },
) => Promise<Raw>;

/** The envelope fields a 2026-07-28 request carries; null on a 2025-era exchange. */
export interface RequestEnvelope {
  readonly protocolVersion: string;
  readonly clientInfo: { name: string; version: string };
  readonly clientCapabilities: Raw;
}

/** Wrap an already connected transport; `fail` ends the exchange with the given error. */
export function guardTransport(
  transport: StreamableHTTPClientTransport,
  envelope: RequestEnvelope | null,
  fail: (error: IntegrationError) => void,
): { rawRequest: RawRequest; isOutstanding: (id: unknown) => boolean } {
  // Ids of requests sent and not yet answered: the SDK's numbers and our strings.
  const outstanding = new Set<unknown>();
  const raw = new Map<string, Waiter>();
  let nextRawId = 0;
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    for (const item of Array.isArray(message) ? message : [message]) {
      const fields = item as Raw;
      if (typeof fields['method'] === 'string' && fields['id'] !== undefined)
        outstanding.add(fields['id']);
    }
    return send(message, options);
  };
  const receive = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage, ...rest: unknown[]) => {
    const fields = message as unknown as Raw;
    const method = fields['method'];
    if (method === CUT_OFF_METHOD) {
      // Every event before the cut has been handled: an unanswered request never will be.
      if (outstanding.size > 0)
        fail(
          new IntegrationError(
            'MCP_PROTOCOL_ERROR',
            'The MCP server’s answer stream ended in the middle of a message, before the answer arrived; the tool may or may not have run.',
          ),
        );
      return;
    }
    if (method === undefined && fields['id'] !== undefined) {
      const id = fields['id'];
      if (!outstanding.delete(id)) {
        fail(
          new IntegrationError(
            'MCP_PROTOCOL_ERROR',
            'The MCP server answered a request that was never sent (wrong JSON-RPC id).',
          ),
        );
        return;
      }
      const waiter = typeof id === 'string' ? raw.get(id) : undefined;
      if (waiter) {
        raw.delete(id as string);
        const error = fields['error'] as Raw | undefined;
        if (error !== undefined)
          waiter.reject(
            new ProtocolError(Number(error['code']) || -32603, String(error['message'] ?? '')),
          );
        else waiter.resolve((fields['result'] ?? {}) as Raw);
        return;
      }
    } else if (method === 'notifications/progress') {
      const params = fields['params'] as Raw | undefined;
      const token = params?.['progressToken'];
      if (!isOutstanding(token)) return;
    }
    (receive as ((message: JSONRPCMessage, ...rest: unknown[]) => void) | undefined)?.(
      message,
      ...rest,
    );
  };
  const isOutstanding = (id: unknown) => outstanding.has(id) || outstanding.has(Number(id));
  const rawRequest: RawRequest = (method, params, { signal, timeoutMs }) => {
    const id = `side-agent:${(nextRawId += 1)}`;
    const meta = envelope
      ? {
          _meta: {
            [PROTOCOL_VERSION_META_KEY]: envelope.protocolVersion,
            [CLIENT_INFO_META_KEY]: envelope.clientInfo,
            [CLIENT_CAPABILITIES_META_KEY]: envelope.clientCapabilities,
          },
        }
      : {};
    return new Promise<Raw>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        raw.delete(id);
      };
      const onAbort = () => {
        settle();
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      const timer = setTimeout(() => {
        settle();
        reject(new IntegrationError('TIMEOUT', `The MCP server did not answer ${method} in time.`));
      }, timeoutMs);
      signal.addEventListener('abort', onAbort, { once: true });
      raw.set(id, {
        resolve: (result) => (settle(), resolve(result)),
        reject: (error) => (settle(), reject(error)),
      });
      const message = { jsonrpc: '2.0', id, method, params: { ...params, ...meta } };
      transport.send(message as JSONRPCMessage).catch((error: unknown) => {
        settle();
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  };
  return { rawRequest, isOutstanding };
}
