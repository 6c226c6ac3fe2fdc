// The registrable domain ("site") of a host: the part a cookie can be scoped to,
// decided by the full Public Suffix List (ICANN and private sections, so each
// github.io or s3.amazonaws.com customer is a site of its own). A short list of
// common suffixes would make every host under an unlisted one (bank.com.sg beside
// shop.com.sg) look like one site, and a request carrying the tab's cookies could
// then go to a stranger: the list's ~130 KB in the worker is the price of never
// guessing. A host the list does not know (a local name, a private TLD such as
// .example) counts its last two labels, as the list's default rule says.
import { getDomain } from 'tldts';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The registrable domain of a URL hostname (lower case, no trailing dot); an IP address or a bare public suffix is its own. */
export function registrableDomain(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') || IPV4.test(host)) return host;
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

/** Whether two http(s) URLs' hosts share a registrable domain (false when either is not a URL). */
export function sameSite(a: string, b: string): boolean {
  try {
    return registrableDomain(new URL(a).hostname) === registrableDomain(new URL(b).hostname);
  } catch {
    return false;
  }
}
