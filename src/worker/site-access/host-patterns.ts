// Host permission patterns as the browser spells them, and how one covers another.
// A grant is per host and scheme (`https://news.example/*`, every port), which is also
// what the browser's permission prompt names, so a person allows what they read.
import type { HostPattern } from '../../shared/protocol/site-access-messages';

/** The host pattern of an http(s) URL (`https://news.example/*`), or null. */
export function hostPatternOf(url: string | undefined): HostPattern | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.hostname === '') return null;
  return `${parsed.protocol}//${parsed.hostname}/*`;
}

/** The host a pattern names, as people read it (`news.example`). */
export function hostOf(pattern: string): string {
  return pattern.replace(/^[a-z]+:\/\//, '').replace(/\/\*$/, '');
}

/**
 * Whether a granted match pattern covers `wanted` (an exact host pattern): the same
 * pattern, a scheme-wide wildcard (`https://*\/*`, `*://*\/*`, `<all_urls>`) or a
 * subdomain wildcard (`https://*.example.com/*`).
 */
export function patternCovers(granted: string, wanted: string): boolean {
  if (granted === wanted || granted === '<all_urls>') return true;
  const grantedParts = /^(\*|https?):\/\/([^/]+)\/\*$/.exec(granted);
  const wantedParts = /^(https?):\/\/([^/]+)\/\*$/.exec(wanted);
  if (!grantedParts || !wantedParts) return false;
  const [, grantedScheme = '', grantedHost = ''] = grantedParts;
  const [, wantedScheme = '', wantedHost = ''] = wantedParts;
  if (grantedScheme !== '*' && grantedScheme !== wantedScheme) return false;
  if (grantedHost === '*') return true;
  if (grantedHost.startsWith('*.')) {
    const domain = grantedHost.slice(2);
    return wantedHost === domain || wantedHost.endsWith(`.${domain}`);
  }
  return grantedHost === wantedHost;
}

/** Whether the browser's granted origins cover `wanted`. */
export function isPatternGranted(granted: readonly string[], wanted: string): boolean {
  return granted.some((pattern) => patternCovers(pattern, wanted));
}
