/**
 * ## The one decision "may this URL become a clickable link?"
 *
 * Only `https:` and `mailto:` survive. Everything else (`javascript:`, `data:`,
 * `vbscript:`, `http:`, `file:`, `chrome-extension:`, relative URLs, protocol-relative
 * `//host`) is refused, and the caller renders the link text as plain text. The check
 * runs on the value the browser would actually use (after entity decoding by the HTML
 * parser and after URL parsing), so encodings such as `jav&#x61;script:` or mixed case
 * cannot slip through. URLs holding control or bidi characters are refused because
 * their displayed and real targets can differ.
 */
import { hasUnsafeCharacters } from './neutralize-text';

const ALLOWED_PROTOCOLS = new Set(['https:', 'mailto:']);

/** Longest href we keep; longer ones render as text (no legitimate link needs more). */
export const MAX_HREF_LENGTH = 4096;

/**
 * Returns the normalised URL string when `href` may be a link target, otherwise null.
 * Parsing has no base URL on purpose: a relative URL would resolve against the
 * extension's own origin.
 */
export function safeHref(href: string | null | undefined): string | null {
  if (href === null || href === undefined) return null;
  const trimmed = href.trim();
  // Stryker disable next-line StringLiteral: an empty href also fails URL parsing below
  if (trimmed === '' || trimmed.length > MAX_HREF_LENGTH || hasUnsafeCharacters(trimmed))
    return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) return null;
  // Stryker disable next-line StringLiteral: the URL parser refuses https without a host, so this guard never decides today
  if (url.protocol === 'https:' && url.hostname === '') return null;
  return url.href;
}
