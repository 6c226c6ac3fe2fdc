// ## Owns
// The one chrome.permissions call of the panel: optional host access for an
// origin the user configured (a model endpoint), or for a site the person allows
// Side Agent on. An origin already
// granted (at install or earlier) is answered at once, without a prompt.
// ## Why here and not in the worker
// Chrome only shows the permission prompt for a call made during a user gesture
// in an extension page, so the request must start synchronously inside the click
// handler, before any await (https://developer.chrome.com/docs/extensions/reference/api/permissions#method-request).

/** The match pattern Chrome expects for an origin: `scheme://host/*` (no port). */
export function hostPatternOf(origin: string): string | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return `${url.protocol}//${url.hostname}/*`;
}

/** True when saving a model for `origin` goes through the host permission request. */
export function needsHostPermission(origin: string): boolean {
  return hostPatternOf(origin) !== null;
}

/** Requests host access for `origin`; resolves false when refused or unavailable. */
export type RequestHostPermission = (origin: string) => Promise<boolean>;

/** Requests host access to exact match patterns; resolves false when refused or unavailable. */
export type RequestHostPatterns = (patterns: readonly string[]) => Promise<boolean>;

/**
 * Asks the browser for host access to `patterns` (`https://news.example/*`). Must be
 * called from a click handler before any await: the call below starts synchronously.
 * Resolves false when the person denies it or the API is missing.
 */
export const requestHostPatterns: RequestHostPatterns = async (patterns) => {
  if (typeof chrome === 'undefined' || !chrome.permissions?.request) return false;
  try {
    return await chrome.permissions.request({ origins: [...patterns] });
  } catch {
    return false;
  }
};

/**
 * Asks Chrome for host access to `origin`. Must be called from a click handler
 * before any await. Resolves false when the user refuses, the API is missing
 * (tests, other browsers' pages) or the pattern is not in optional_host_permissions.
 */
export const requestHostPermission: RequestHostPermission = async (origin) => {
  const pattern = hostPatternOf(origin);
  if (pattern === null) return false;
  if (typeof chrome === 'undefined' || !chrome.permissions?.request) return false;
  try {
    return await chrome.permissions.request({ origins: [pattern] });
  } catch {
    return false;
  }
};

/**
 * Asks the browser to let Side Agent save files (the optional `downloads`
 * permission skills' download jobs use). Call it from a click, before any await.
 */
export const requestDownloadsPermission = async (): Promise<boolean> => {
  if (typeof chrome === 'undefined' || !chrome.permissions?.request) return false;
  try {
    return await chrome.permissions.request({ permissions: ['downloads'] });
  } catch {
    return false;
  }
};
