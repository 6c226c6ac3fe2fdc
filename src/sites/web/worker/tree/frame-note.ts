// ## Owns
// What the tree says in place of a frame it could not read: the reason, the frame's
// site (so the person knows what to allow), and whether the frame is a human check
// (a CAPTCHA). Human checks are never read, clicked or solved by the agent: they
// are there to prove a person is present, so the agent hands them to the person.
// ## Why by address
// The three widgets nearly every site uses load from their vendor's own origin, so
// the frame's address names them reliably; the page's own text ("I'm not a robot")
// would let any page pose as one, which here costs only a question to the person.

/** Vendors of human-check widgets, by the frame address they load from. */
const HUMAN_CHECKS: readonly {
  readonly name: string;
  readonly matches: (url: URL) => boolean;
}[] = [
  {
    name: 'reCAPTCHA',
    matches: (url) =>
      /(^|\.)(google\.com|recaptcha\.net)$/.test(url.hostname) &&
      url.pathname.startsWith('/recaptcha/'),
  },
  { name: 'hCaptcha', matches: (url) => /(^|\.)hcaptcha\.com$/.test(url.hostname) },
  { name: 'Cloudflare Turnstile', matches: (url) => url.hostname === 'challenges.cloudflare.com' },
  {
    name: 'Arkose',
    matches: (url) => /(^|\.)(arkoselabs\.com|funcaptcha\.com)$/.test(url.hostname),
  },
  { name: 'DataDome', matches: (url) => url.hostname === 'geo.captcha-delivery.com' },
];

function parsed(src: string): URL | null {
  try {
    const url = new URL(src);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The human-check vendor a frame address belongs to, or null. */
export function humanCheckOf(src: string): string | null {
  const url = parsed(src);
  if (url === null) return null;
  return HUMAN_CHECKS.find((check) => check.matches(url))?.name ?? null;
}

/** The note above a human check's own lines, when its frame could be read. */
export const humanCheckLine = (check: string): string =>
  `# a human check (${check}) follows; only the person may solve it`;

/**
 * The note line for a frame that was not read. Only the host of the frame's address
 * is shown: its path and query may carry the page's tokens.
 */
export function unreadFrameLine(reason: string, src: string): string {
  const check = humanCheckOf(src);
  const host = parsed(src)?.host;
  if (check !== null)
    return `# frame not read: a human check (${check}) from ${host ?? 'another site'}; only the person may solve it`;
  return `# frame not read: ${reason}${host ? ` (frame site: ${host})` : ''}`;
}
