// The registrable domain ("site") of a host: the part a cookie can be scoped to. A
// full public-suffix list is far larger than this extension wants to ship, so a short
// list of the multi-label suffixes people meet most covers them, and any other host
// counts its last two labels. A miss errs towards a smaller site (asking more often),
// never a larger one, except for an unlisted multi-label suffix.

const MULTI_LABEL_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'ac.uk',
  'gov.uk',
  'me.uk',
  'ltd.uk',
  'plc.uk',
  'com.au',
  'net.au',
  'org.au',
  'edu.au',
  'gov.au',
  'co.nz',
  'org.nz',
  'co.jp',
  'ne.jp',
  'or.jp',
  'ac.jp',
  'com.br',
  'com.cn',
  'com.mx',
  'com.tr',
  'co.in',
  'co.za',
  'co.kr',
  'github.io',
  'gitlab.io',
  'herokuapp.com',
  'pages.dev',
  'vercel.app',
  'netlify.app',
  'web.app',
  'firebaseapp.com',
  'appspot.com',
  'blogspot.com',
  'workers.dev',
]);

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The registrable domain of a URL hostname (lower case, no trailing dot); an IP address is its own. */
export function registrableDomain(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') || IPV4.test(host)) return host;
  const labels = host.split('.');
  if (labels.length <= 2) return host;
  const lastTwo = labels.slice(-2).join('.');
  const take = MULTI_LABEL_SUFFIXES.has(lastTwo) ? 3 : 2;
  return labels.slice(-take).join('.');
}

/** Whether two http(s) URLs' hosts share a registrable domain (false when either is not a URL). */
export function sameSite(a: string, b: string): boolean {
  try {
    return registrableDomain(new URL(a).hostname) === registrableDomain(new URL(b).hostname);
  } catch {
    return false;
  }
}
