// ## Owns
// Which addresses count as the same page for loop detection: a model that goes back
// and forth between `/cart?utm_source=a` and `/cart?utm_source=b#top`, or through
// links whose session or cache-buster parameter changes each time, is going round the
// same two pages. The fragment, tracking and per-visit parameters are dropped, the
// rest of the query is sorted, and the host loses its case and a leading "www.".
// ## Why path segments are kept as they are
// `/item/1` and `/item/2` look alike but are different pages: a run that opens each
// product of a list in turn is making progress, and folding ids together would call
// that a bounce.

/** Query parameters that say how a visitor arrived or which visit it is, not what page. */
const VISIT_PARAMS = new Set([
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'msclkid',
  'yclid',
  'twclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'ref_src',
  'ref_url',
  'spm',
  'si',
  'sid',
  'session',
  'sessionid',
  'session_id',
  'jsessionid',
  'phpsessid',
  'cb',
  'cachebuster',
  'nocache',
  '_',
  '_t',
  'ts',
  'timestamp',
  'rnd',
  'random',
]);

const isVisitParam = (name: string) => {
  const lower = name.toLowerCase();
  return VISIT_PARAMS.has(lower) || lower.startsWith('utm_') || lower.startsWith('pk_');
};

/** The address as the family it belongs to; text that is not an http(s) URL stays as it is. */
export function urlFamily(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return address;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return address;
  const host = url.host.toLowerCase().replace(/^www\./, '');
  // Servlet-style session ids ride in the path: `/cart;jsessionid=ABC`.
  const path = url.pathname.replace(/;jsessionid=[^/]*/gi, '').replace(/(.)\/+$/, '$1');
  const kept: [string, string][] = [];
  url.searchParams.forEach((value, name) => {
    if (!isVisitParam(name)) kept.push([name, value]);
  });
  kept.sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  const query = kept.length > 0 ? `?${new URLSearchParams(kept).toString()}` : '';
  return `${url.protocol}//${host}${path}${query}`;
}
