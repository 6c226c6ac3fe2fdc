// Pages no extension may work on, whatever the person allows: the browser's own pages,
// its extension store, its PDF viewer, local files, other extensions' pages, data: and
// blob: documents. The browser refuses content scripts there (or the page has no
// website behind it), so the panel says why instead of offering a grant that cannot
// work. Pure: the caller says which browser it is.
import type { RestrictedKind } from '../../shared/protocol/site-access-messages';

/** Which browser's rules apply. */
export type BrowserFamily = 'chromium' | 'firefox';

/** Where each browser keeps extensions out of its store (host, optional path prefix). */
const STORES: Readonly<Record<BrowserFamily, readonly (readonly [string, string])[]>> = {
  chromium: [
    ['chromewebstore.google.com', '/'],
    ['chrome.google.com', '/webstore'],
    ['microsoftedge.microsoft.com', '/addons'],
  ],
  // Firefox's restricted domains (extensions.webextensions.restrictedDomains).
  firefox: [
    ['addons.mozilla.org', '/'],
    ['discovery.addons.mozilla.org', '/'],
    ['accounts.firefox.com', '/'],
    ['api.accounts.firefox.com', '/'],
    ['oauth.accounts.firefox.com', '/'],
    ['profile.accounts.firefox.com', '/'],
    ['accounts-static.cdn.mozilla.net', '/'],
    ['addons.cdn.mozilla.net', '/'],
    ['content.cdn.mozilla.net', '/'],
    ['install.mozilla.org', '/'],
    ['support.mozilla.org', '/'],
    ['sync.services.mozilla.com', '/'],
  ],
};

const BROWSER_SCHEMES = new Set([
  'about:',
  'chrome:',
  'chrome-untrusted:',
  'chrome-search:',
  'chrome-native:',
  'devtools:',
  'edge:',
  'brave:',
  'opera:',
  'vivaldi:',
  'resource:',
  'moz-safe-about:',
]);
const EXTENSION_SCHEMES = new Set(['chrome-extension:', 'moz-extension:', 'extension:']);

/** Why Side Agent can never work on `url` in `browser`, or null for an ordinary web page. */
export function restrictedKindOf(url: string, browser: BrowserFamily): RestrictedKind | null {
  if (url.startsWith('view-source:')) return 'view-source';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'unsupported';
  }
  const scheme = parsed.protocol;
  if (BROWSER_SCHEMES.has(scheme)) return 'browser-page';
  if (EXTENSION_SCHEMES.has(scheme)) return 'extension-page';
  if (scheme === 'file:') return 'file';
  if (scheme === 'data:' || scheme === 'blob:') return 'data-url';
  if (scheme !== 'https:' && scheme !== 'http:') return 'unsupported';
  const host = parsed.hostname;
  const path = parsed.pathname;
  if (STORES[browser].some(([store, prefix]) => host === store && path.startsWith(prefix)))
    return 'web-store';
  // The browser shows a PDF in its own viewer, which no content script reaches. The
  // address is all the worker knows before a grant, so this goes by its path.
  if (/\.pdf$/i.test(path)) return 'pdf';
  return null;
}
