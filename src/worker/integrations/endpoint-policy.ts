// ## Owns
// The one decision whether a URL may be fetched: model endpoints, custom HTTP tools
// and MCP servers all pass through `checkEndpoint` when saved and again right before
// dispatch, so a stored setting that predates a policy change still fails closed.
// ## Never
// Calls `chrome.*` or `fetch`. It is pure so node tests run it and the platform layer
// can ask for host permission with `originPermissionPattern` afterwards.
// ## Why
// Cleartext HTTP to a non-loopback host leaks prompts, documents and credentials to
// the network path. It is allowed only when the user acknowledged that exact origin,
// so editing the URL to another host cannot inherit the consent.
import { refuse, type PolicyFailure } from './endpoint-policy-headers';

export {
  MAX_HEADER_COUNT,
  MAX_HEADER_NAME_LENGTH,
  MAX_HEADER_VALUE_LENGTH,
  checkHeaders,
  isProtectedHeader,
  type HeaderCheck,
  type HeaderKind,
  type PolicyFailure,
} from './endpoint-policy-headers';

/** Longest URL accepted; far above any real endpoint, well below what breaks UIs. */
export const MAX_ENDPOINT_URL_LENGTH = 2_048;

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
    return refuse(
      'INVALID_URL',
      `The endpoint URL is longer than ${MAX_ENDPOINT_URL_LENGTH} characters.`,
      {
        length: url.length,
      },
    );
  }
  // The URL parser silently drops tabs and newlines anywhere and trims controls at
  // the ends, so what the user reviewed could differ from what is fetched.
  // @see https://url.spec.whatwg.org/#concept-basic-url-parser
  if (/[\u0000-\u001f\u007f]/.test(url)) {
    return refuse('INVALID_URL', 'The endpoint URL contains control characters.');
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse('INVALID_URL', 'The endpoint is not a valid absolute URL.');
  }
  // The parser lower-cases the scheme, so `HTTPS://` lands here as `https:`.
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return refuse(
      'UNSUPPORTED_SCHEME',
      `Only https: and http: endpoints are supported, not ${parsed.protocol}.`,
      {
        scheme: parsed.protocol,
      },
    );
  }
  // Credentials in the URL would be stored and shown in plain text and sent on every
  // request; they belong in a header, which the header policy bounds.
  if (parsed.username !== '' || parsed.password !== '') {
    return refuse('EMBEDDED_CREDENTIALS', 'Put credentials in a header, not in the URL.');
  }
  // Stryker disable all: unreachable today (the URL parser refuses http(s) without a host); kept so a parser change fails closed
  if (parsed.hostname === '') {
    return refuse('INVALID_URL', 'The endpoint URL has no host.');
  }
  // Stryker restore all
  const origin = parsed.origin;
  if (parsed.protocol === 'https:') return { ok: true, url: parsed, origin, transport: 'https' };
  if (isLoopbackHostname(parsed.hostname))
    return { ok: true, url: parsed, origin, transport: 'loopback-http' };
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
