// ## Owns
// A saved custom tool as a ToolDefinition: after approval or
// trust, `POST {"tool": name, "arguments": {...}}` to the endpoint, bounded in
// time (30 s through the run signal) and size (256 KiB, enforced while reading).
// ## Never
// Follows a redirect (the approved destination is the only one), sends cookies, or
// lets a header from the form replace Content-Type. The endpoint and cleartext
// consent are re-checked immediately before fetch, not only at save.
import { humanizeName } from '../../../shared/lib/humanize-name';
import { linkSignals } from '../../../shared/lib/abort';
import type { JsonValue, ToolDefinition, ToolOutcome } from '../../tools/define-tool';
import { readBoundedBody } from '../bounded-body';
import { checkEndpoint } from '../endpoint-policy';
import { capText, parseExternalArguments } from '../external-arguments';
import { toIntegrationFailure } from '../integration-error';
import { storedHeaders, type CustomToolRecord } from '../integration-records';
import type { ErrorCode } from '../../../shared/protocol/error-codes';

/** Response bodies larger than this are refused (CUSTOM_RESPONSE_TOO_LARGE). */
export const CUSTOM_RESPONSE_MAX_BYTES = 256 * 1024;
/** Whole-call budget, from fetch to the last body byte. */
export const CUSTOM_CALL_TIMEOUT_MS = 30_000;
/** Error bodies shown to the model are short: they are diagnostics, not results. */
const MAX_ERROR_BODY = 2_000;

/** What a custom tool needs from the platform; tests pass a fetch that counts requests. */
export interface CustomToolDeps {
  readonly fetch: typeof fetch;
  readonly timeoutMs?: number;
}

/** The route identity "Allow for run" grants and trust is checked against. */
export const customRouteId = (id: string) => `custom:${id}`;

export type EndpointBody =
  { ok: true; value: JsonValue } | { ok: false; code: ErrorCode; message: string };

/**
 * The body as its content type says: JSON must parse (a label that lies is an
 * error, not a success the model would misread), text is passed as text, and
 * anything else is refused with its type. A missing type is read as text.
 */
export function parseBody(bytes: Uint8Array, contentType: string | null): EndpointBody {
  const type = (contentType ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
  const text = () => new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (type === 'application/json' || type.endsWith('+json')) {
    try {
      return { ok: true, value: JSON.parse(text()) as JsonValue };
    } catch {
      return {
        ok: false,
        code: 'CUSTOM_INVALID_JSON',
        message: 'The endpoint said its answer is JSON, but it is not valid JSON.',
      };
    }
  }
  if (type.startsWith('text/') || type === 'application/xml' || type.endsWith('+xml'))
    return { ok: true, value: { text: capText(text()) } };
  return {
    ok: false,
    code: 'CUSTOM_UNSUPPORTED_CONTENT',
    message: `The endpoint answered with ${type.slice(0, 100)}, which cannot be passed to the model.`,
  };
}

function originOf(location: string | null, base: string): string | null {
  if (location === null) return null;
  try {
    return new URL(location, base).origin;
  } catch {
    return null;
  }
}

/** Keep what the model receives bounded even when the JSON itself is big. */
function capResult(result: JsonValue): JsonValue {
  const serialized = JSON.stringify(result);
  return serialized.length <= 64_000 ? result : { truncated: true, text: capText(serialized) };
}

async function dispatch(
  record: CustomToolRecord,
  args: Record<string, unknown>,
  signal: AbortSignal,
  deps: CustomToolDeps,
): Promise<ToolOutcome> {
  const endpoint = checkEndpoint(record.endpoint, {
    insecureOriginAcknowledged: record.insecureOriginAcknowledged ?? undefined,
  });
  if (!endpoint.ok) return { ok: false, code: endpoint.code, message: endpoint.message };
  const headers = storedHeaders(record.headers, 'custom');
  if (headers === null)
    return {
      ok: false,
      code: 'INVALID_HEADER',
      message: 'The saved headers no longer pass the header policy; edit the tool.',
    };
  const controller = linkSignals([signal], deps.timeoutMs ?? CUSTOM_CALL_TIMEOUT_MS);
  try {
    const response = await deps.fetch(endpoint.url.href, {
      method: 'POST',
      // Transport headers last, so no configured header can replace them.
      headers: {
        ...headers,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/plain;q=0.9, */*;q=0.1',
      },
      body: JSON.stringify({ tool: record.name, arguments: args }),
      redirect: 'manual',
      credentials: 'omit',
      cache: 'no-store',
      signal: controller.signal,
    });
    // Browsers report a manual redirect as an opaque response with status 0 and
    // hide its target; elsewhere the Location header says where it pointed.
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel().catch(() => undefined);
      const target = originOf(response.headers.get('location'), endpoint.url.href);
      return {
        ok: false,
        code: 'REDIRECT_REFUSED',
        message:
          target === null
            ? 'The endpoint answered with a redirect; redirects are not followed.'
            : `The endpoint redirected to ${target}; redirects are not followed.`,
        details: { status: response.status, ...(target === null ? {} : { target }) },
      };
    }
    const { bytes } = await readBoundedBody(
      response,
      CUSTOM_RESPONSE_MAX_BYTES,
      'CUSTOM_RESPONSE_TOO_LARGE',
    );
    if (!response.ok) {
      const shown = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
      return {
        ok: false,
        code: 'CUSTOM_HTTP_ERROR',
        message: `HTTP ${response.status}`,
        details: { status: response.status, body: capText(shown, MAX_ERROR_BODY) },
      };
    }
    const body = parseBody(bytes, response.headers.get('content-type'));
    if (!body.ok) return body;
    return {
      ok: true,
      result: capResult(body.value),
      summary: `${record.name}: HTTP ${response.status}, ${bytes.byteLength} bytes`,
    };
  } catch (error) {
    return toIntegrationFailure(error, 'INTEGRATION_NETWORK', controller.signal);
  } finally {
    controller.abort();
  }
}

/** The ToolDefinition of a saved custom tool. The registry exposes it under its own name. */
export function createCustomHttpTool(
  record: CustomToolRecord,
  deps: CustomToolDeps,
): ToolDefinition<Record<string, unknown>> {
  return {
    name: record.name,
    description: record.description,
    inputSchema: record.schema,
    parseArguments: (value) => parseExternalArguments(value, record.schema, false),
    effect: 'external',
    approval: 'external-approval',
    activity: () => `Used ${humanizeName(record.name).toLowerCase()}`,
    destination: {
      integration: `Custom tool ${record.name}`,
      url: record.endpoint,
      routeId: customRouteId(record.id),
    },
    execute: (args, context) => dispatch(record, args, context.signal, deps),
  };
}
