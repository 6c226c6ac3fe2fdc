// ## Owns
// The header half of the endpoint policy: which user-configured
// headers may ride on a model, custom-tool or MCP request. Callers import it
// through endpoint-policy.ts, the one entry point for destination decisions.
// ## Why
// Transports own the headers that frame a request (content type, MCP protocol and
// routing headers, provider credentials); letting configuration override them
// would let a saved integration rewrite what the user approved. Values are checked
// here because fetch() throws or silently rewrites what it cannot send.
import type { ErrorCode } from '../../shared/protocol/error-codes';

/** A refusal from the policy, shaped like a protocol error. */
export interface PolicyFailure {
  ok: false;
  code: ErrorCode;
  message: string;
  details: Record<string, unknown>;
}

/** Build a refusal. */
export function refuse(
  code: ErrorCode,
  message: string,
  details: Record<string, unknown> = {},
): PolicyFailure {
  return { ok: false, code, message, details };
}

/** Which transport the headers ride on; each manages a different set of names. */
export type HeaderKind = 'model' | 'custom' | 'mcp';

/** Accepted headers, in the order given, names and values unchanged. */
export type HeaderCheck = { ok: true; headers: Record<string, string> } | PolicyFailure;

export const MAX_HEADER_COUNT = 32;
export const MAX_HEADER_NAME_LENGTH = 128;
export const MAX_HEADER_VALUE_LENGTH = 4_096;

// RFC 9110 section 5.6.2 token.
const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Field values are Latin-1 without controls (RFC 9110 section 5.5); fetch() throws on
// anything above U+00FF and strips surrounding whitespace, so refusing both at save
// keeps what is stored, fingerprinted and sent identical.
const UNSAFE_VALUE_CHARACTER = /[^\t\x20-\x7e\x80-\xff]/;

// The Fetch standard's forbidden request headers are dropped silently by fetch();
// the rest are owned by our transports.
// @see https://fetch.spec.whatwg.org/#forbidden-request-header
const PROTECTED_EVERYWHERE = new Set([
  'accept-charset',
  'accept-encoding',
  'access-control-request-headers',
  'access-control-request-method',
  'connection',
  'content-length',
  'content-type',
  'cookie',
  'cookie2',
  'date',
  'dnt',
  'expect',
  'host',
  'keep-alive',
  'origin',
  'referer',
  'set-cookie',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'via',
  'x-http-method',
  'x-http-method-override',
  'x-method-override',
]);
const PROTECTED_PREFIXES_EVERYWHERE = ['sec-', 'proxy-'];
const PROTECTED_BY_KIND: Record<
  HeaderKind,
  { names: ReadonlySet<string>; prefixes: readonly string[] }
> = {
  // The provider adapter sets the API key itself, from the secrets store.
  model: { names: new Set(['authorization', 'x-api-key']), prefixes: [] },
  custom: { names: new Set(), prefixes: [] },
  // MCP Streamable HTTP transport headers; `Mcp-Param-*` carries x-mcp-header values.
  // @see https://modelcontextprotocol.io/specification/draft/basic/transports
  mcp: {
    names: new Set([
      'accept',
      'last-event-id',
      'mcp-protocol-version',
      'mcp-method',
      'mcp-name',
      'mcp-session-id',
    ]),
    prefixes: ['mcp-param-'],
  },
};

/** Whether a header name is managed by the transport for `kind` (case-insensitive). */
export function isProtectedHeader(name: string, kind: HeaderKind): boolean {
  const lower = name.toLowerCase();
  const own = PROTECTED_BY_KIND[kind];
  if (PROTECTED_EVERYWHERE.has(lower) || own.names.has(lower)) return true;
  return [...PROTECTED_PREFIXES_EVERYWHERE, ...own.prefixes].some((prefix) =>
    lower.startsWith(prefix),
  );
}

/**
 * Check user-configured headers for a `kind` of destination: a plain object of at
 * most 32 string entries; each name an HTTP token of 1-128 characters, unique
 * case-insensitively and not managed by the transport (`PROTECTED_HEADER`); each
 * value a single line of at most 4,096 Latin-1 characters without surrounding
 * whitespace. Other refusals are `INVALID_HEADER` with `details.reason`.
 */
export function checkHeaders(headers: unknown, kind: HeaderKind): HeaderCheck {
  if (headers === undefined || headers === null) return { ok: true, headers: {} };
  const prototype: unknown =
    typeof headers === 'object' ? Object.getPrototypeOf(headers) : undefined;
  if (typeof headers !== 'object' || (prototype !== Object.prototype && prototype !== null)) {
    return refuse('INVALID_HEADER', 'Headers must be an object of name/value strings.', {
      reason: 'not-object',
    });
  }
  const entries = Object.entries(headers);
  if (entries.length > MAX_HEADER_COUNT) {
    return refuse('INVALID_HEADER', `At most ${MAX_HEADER_COUNT} headers are allowed.`, {
      reason: 'too-many',
      count: entries.length,
    });
  }
  const seen = new Set<string>();
  const accepted: Array<[string, string]> = [];
  for (const [name, value] of entries) {
    const shownName = name.slice(0, MAX_HEADER_NAME_LENGTH);
    if (name.length === 0 || name.length > MAX_HEADER_NAME_LENGTH || !HTTP_TOKEN.test(name)) {
      return refuse(
        'INVALID_HEADER',
        `Header name "${shownName}" must be an HTTP token of 1-${MAX_HEADER_NAME_LENGTH} characters.`,
        {
          reason: 'name',
          name: shownName,
        },
      );
    }
    if (isProtectedHeader(name, kind)) {
      return refuse(
        'PROTECTED_HEADER',
        `The ${name} header is set by the extension and cannot be configured.`,
        { name },
      );
    }
    const lower = name.toLowerCase();
    if (seen.has(lower)) {
      return refuse('INVALID_HEADER', `Header ${name} is configured twice.`, {
        reason: 'duplicate',
        name,
      });
    }
    seen.add(lower);
    if (typeof value !== 'string') {
      return refuse('INVALID_HEADER', `Header ${name} must have a string value.`, {
        reason: 'value-type',
        name,
      });
    }
    if (value.length > MAX_HEADER_VALUE_LENGTH) {
      return refuse(
        'INVALID_HEADER',
        `Header ${name} is longer than ${MAX_HEADER_VALUE_LENGTH} characters.`,
        {
          reason: 'value-length',
          name,
        },
      );
    }
    if (UNSAFE_VALUE_CHARACTER.test(value)) {
      return refuse(
        'INVALID_HEADER',
        `Header ${name} must be a single line of printable Latin-1 characters.`,
        {
          reason: 'value-characters',
          name,
        },
      );
    }
    if (value !== value.trim()) {
      return refuse('INVALID_HEADER', `Header ${name} has leading or trailing whitespace.`, {
        reason: 'value-whitespace',
        name,
      });
    }
    accepted.push([name, value]);
  }
  // fromEntries defines own properties, so a header named `__proto__` stays data.
  return { ok: true, headers: Object.fromEntries(accepted) };
}
