// ## Owns
// The one decision whether a URL may be fetched: model endpoints, custom HTTP tools
// and MCP servers all pass through `checkEndpoint` when saved and again right before
// dispatch, so a stored setting that predates a policy change still fails closed.
// ## Never
// Calls `chrome.*` or `fetch`. It is pure so node tests run it and the platform layer
// can ask for host permission with `originPermissionPattern` afterwards.
// ## Why
// Cleartext HTTP to a non-loopback host leaks prompts, documents and credentials to
// the network path. It is allowed only when the user acknowledged that exact origin
// (study EP-03), so editing the URL to another host cannot inherit the consent.
import type { ErrorCode } from '../../shared/protocol/error-codes';

/** Longest URL accepted; far above any real endpoint, well below what breaks UIs. */
export const MAX_ENDPOINT_URL_LENGTH = 2_048;

/** A refusal from the policy, shaped like a protocol error. */
export interface PolicyFailure {
  ok: false;
  code: ErrorCode;
  message: string;
  details: Record<string, unknown>;
}

/** How an accepted endpoint is protected in transit. */
export type EndpointTransport = 'https' | 'loopback-http' | 'acknowledged-http';

/** An accepted endpoint: the parsed URL and its canonical (punycode, lower-case) origin. */
export interface EndpointAccepted {
  ok: true;
  url: URL;
  origin: string;
  transport: EndpointTransport;
}

export type EndpointCheck = EndpointAccepted | PolicyFailure;

/** Options for {@link checkEndpoint}. */
export interface EndpointOptions {
  /**
   * The origin the user acknowledged as cleartext, stored exactly as
   * `details.origin` of an `INSECURE_CONFIRMATION_REQUIRED` refusal. Legacy boolean
   * consents are not accepted: the string must equal the URL's canonical origin.
   */
  insecureOriginAcknowledged?: string | undefined;
}

function refuse(code: ErrorCode, message: string, details: Record<string, unknown> = {}): PolicyFailure {
  return { ok: false, code, message, details };
}

const IPV4_LOOPBACK = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * Whether a URL hostname (as produced by the WHATWG parser) names this machine.
 * The parser already canonicalizes `127.1`, `0x7f.0.0.1` and `[0:0::1]`, so the
 * checks below see dotted quads and compressed IPv6 only. A single trailing dot is
 * the fully qualified form of the same name (`localhost.`), which Chromium also
 * treats as loopback.
 */
export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]') return true;
  const quad = IPV4_LOOPBACK.exec(host);
  if (quad === null) return false;
  return quad.slice(1).every((part) => Number(part) <= 255);
}

/**
 * Decide whether `url` may be fetched. HTTPS is allowed; HTTP only to loopback or
 * to the exact origin in `options.insecureOriginAcknowledged`. Refusals carry
 * `INVALID_URL`, `UNSUPPORTED_SCHEME`, `EMBEDDED_CREDENTIALS` or
 * `INSECURE_CONFIRMATION_REQUIRED` (with `details.origin`, the string to store as
 * the acknowledgement once the user agrees).
 */
export function checkEndpoint(url: unknown, options: EndpointOptions = {}): EndpointCheck {
  if (typeof url !== 'string' || url.trim() === '') {
    return refuse('INVALID_URL', 'The endpoint URL is empty.');
  }
  if (url.length > MAX_ENDPOINT_URL_LENGTH) {
    return refuse('INVALID_URL', `The endpoint URL is longer than ${MAX_ENDPOINT_URL_LENGTH} characters.`, {
      length: url.length,
    });
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse('INVALID_URL', 'The endpoint is not a valid absolute URL.');
  }
  // The parser lower-cases the scheme, so `HTTPS://` lands here as `https:`.
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return refuse('UNSUPPORTED_SCHEME', `Only https: and http: endpoints are supported, not ${parsed.protocol}.`, {
      scheme: parsed.protocol,
    });
  }
  // Credentials in the URL would be stored and shown in plain text and sent on every
  // request; they belong in a header, which the header policy bounds.
  if (parsed.username !== '' || parsed.password !== '') {
    return refuse('EMBEDDED_CREDENTIALS', 'Put credentials in a header, not in the URL.');
  }
  if (parsed.hostname === '') {
    return refuse('INVALID_URL', 'The endpoint URL has no host.');
  }
  const origin = parsed.origin;
  if (parsed.protocol === 'https:') return { ok: true, url: parsed, origin, transport: 'https' };
  if (isLoopbackHostname(parsed.hostname)) return { ok: true, url: parsed, origin, transport: 'loopback-http' };
  if (options.insecureOriginAcknowledged === origin) {
    return { ok: true, url: parsed, origin, transport: 'acknowledged-http' };
  }
  return refuse(
    'INSECURE_CONFIRMATION_REQUIRED',
    `Sending data to ${origin} over unencrypted HTTP needs your confirmation for this exact origin.`,
    { origin },
  );
}

/**
 * The host-permission match pattern to request for an accepted origin, e.g.
 * `https://api.example.com/*`. The port is left out: Chrome treats a missing port
 * as any port and Firefox rejects ports in match patterns.
 * @see https://developer.chrome.com/docs/extensions/develop/concepts/match-patterns
 */
export function originPermissionPattern(origin: string): string {
  const parsed = new URL(origin);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new TypeError(`No host permission pattern for ${parsed.protocol} origins.`);
  }
  return `${parsed.protocol}//${parsed.hostname}/*`;
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
  'accept-charset', 'accept-encoding', 'access-control-request-headers', 'access-control-request-method',
  'connection', 'content-length', 'content-type', 'cookie', 'cookie2', 'date', 'dnt', 'expect', 'host',
  'keep-alive', 'origin', 'referer', 'set-cookie', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'via',
  'x-http-method', 'x-http-method-override', 'x-method-override',
]);
const PROTECTED_PREFIXES_EVERYWHERE = ['sec-', 'proxy-'];
const PROTECTED_BY_KIND: Record<HeaderKind, { names: ReadonlySet<string>; prefixes: readonly string[] }> = {
  // The provider adapter sets the API key itself, from the secrets store.
  model: { names: new Set(['authorization', 'x-api-key']), prefixes: [] },
  custom: { names: new Set(), prefixes: [] },
  // MCP Streamable HTTP transport headers; `Mcp-Param-*` carries x-mcp-header values.
  // @see https://modelcontextprotocol.io/specification/draft/basic/transports
  mcp: {
    names: new Set(['accept', 'last-event-id', 'mcp-protocol-version', 'mcp-method', 'mcp-name', 'mcp-session-id']),
    prefixes: ['mcp-param-'],
  },
};

/** Whether a header name is managed by the transport for `kind` (case-insensitive). */
export function isProtectedHeader(name: string, kind: HeaderKind): boolean {
  const lower = name.toLowerCase();
  const own = PROTECTED_BY_KIND[kind];
  if (PROTECTED_EVERYWHERE.has(lower) || own.names.has(lower)) return true;
  return [...PROTECTED_PREFIXES_EVERYWHERE, ...own.prefixes].some((prefix) => lower.startsWith(prefix));
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
  const prototype: unknown = typeof headers === 'object' ? Object.getPrototypeOf(headers) : undefined;
  if (typeof headers !== 'object' || (prototype !== Object.prototype && prototype !== null)) {
    return refuse('INVALID_HEADER', 'Headers must be an object of name/value strings.', { reason: 'not-object' });
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
      return refuse('INVALID_HEADER', `Header name "${shownName}" must be an HTTP token of 1-${MAX_HEADER_NAME_LENGTH} characters.`, {
        reason: 'name',
        name: shownName,
      });
    }
    if (isProtectedHeader(name, kind)) {
      return refuse('PROTECTED_HEADER', `The ${name} header is set by the extension and cannot be configured.`, { name });
    }
    const lower = name.toLowerCase();
    if (seen.has(lower)) {
      return refuse('INVALID_HEADER', `Header ${name} is configured twice.`, { reason: 'duplicate', name });
    }
    seen.add(lower);
    if (typeof value !== 'string') {
      return refuse('INVALID_HEADER', `Header ${name} must have a string value.`, { reason: 'value-type', name });
    }
    if (value.length > MAX_HEADER_VALUE_LENGTH) {
      return refuse('INVALID_HEADER', `Header ${name} is longer than ${MAX_HEADER_VALUE_LENGTH} characters.`, {
        reason: 'value-length',
        name,
      });
    }
    if (UNSAFE_VALUE_CHARACTER.test(value)) {
      return refuse('INVALID_HEADER', `Header ${name} must be a single line of printable Latin-1 characters.`, {
        reason: 'value-characters',
        name,
      });
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
