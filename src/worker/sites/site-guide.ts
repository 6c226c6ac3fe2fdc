// ## Owns
// What a site guide is (a site adapter: our short, trusted notes about how one
// well-known website is laid out and where its traps are) and the one function that
// decides which guide a URL gets. A site's worker part lists its guides; the agent
// core picks one per URL without knowing any of them.
// ## Never
// Matches loosely. A guide applies only to the exact hostnames it names (and their
// subdomains when it says so), over https on the default port, so a look-alike such
// as `mail.google.com.attacker.example`, `evil-github.com` or a homograph in
// punycode never gets a guide that would make its page look familiar to the model.
import { SiteGuideIdSchema, type SiteGuideView } from '../../shared/protocol/settings-messages';

/** How a guide's sites are recognised. */
export interface SiteGuideMatch {
  /**
   * Hostnames as the browser reports them: lowercase ASCII, IDNs in punycode, no
   * port, no trailing dot. A URL's host must equal one of them.
   */
  readonly hosts: readonly string[];
  /**
   * Whether subdomains of the hosts match too (`www.`, `old.`, a workspace name).
   * Only for hosts whose whole domain belongs to the site's owner.
   * @default false
   */
  readonly subdomains?: boolean;
  /**
   * Path prefixes, each starting with `/`, matched at a segment boundary (`/document`
   * matches `/document/d/1` but not `/documents`). Absent: every path.
   */
  readonly paths?: readonly string[];
}

/**
 * `general`: an ordinary site. `finance`: a site that moves money or holds financial
 * accounts; its guide comes with extra confirmation guidance (run-site-guide.ts).
 * Declared once, in the Settings view's schema.
 */
export type SiteGuideCategory = SiteGuideView['category'];

/** One site guide. */
export interface SiteGuide {
  /** Lowercase slug, unique among a site's guides; Settings stores it when turned off. */
  readonly id: string;
  /** The site's name as people know it, shown to the model and in Settings. */
  readonly name: string;
  readonly category: SiteGuideCategory;
  readonly match: SiteGuideMatch;
  /** Plain guidance of ours, {@link GUIDE_TEXT_BOUNDS} characters. */
  readonly text: string;
}

/** Bounds of one guide's text, in UTF-16 code units. */
export const GUIDE_TEXT_BOUNDS = { min: 200, max: 1_500 } as const;
/** Most guides one site may ship, and their combined text. */
export const MAX_SITE_GUIDES = 120;
export const MAX_SITE_GUIDE_TOTAL_CHARS = 80_000;

const LABEL = '(?!-)[a-z0-9-]{1,63}(?<!-)';
const HOST_PATTERN = new RegExp(`^${LABEL}(?:\\.${LABEL})+$`);
/**
 * Two-label public suffixes of the countries our guides cover. A guide may not claim
 * every subdomain of one of these (that would be every `.co.uk` site).
 */
const SHARED_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'com.au',
  'co.jp',
  'co.in',
  'com.br',
  'com.mx',
  'co.nz',
  'com.tr',
  'com.sg',
  'co.za',
]);

function problemsOf(guide: SiteGuide): string[] {
  const problems: string[] = [];
  if (!SiteGuideIdSchema.safeParse(guide.id).success) problems.push('id is not a short slug');
  if (guide.name.trim() === '' || guide.name.length > 60) problems.push('name is empty or long');
  const length = guide.text.trim().length;
  if (length < GUIDE_TEXT_BOUNDS.min || guide.text.length > GUIDE_TEXT_BOUNDS.max)
    problems.push(`text has ${guide.text.length} characters`);
  if (guide.match.hosts.length === 0) problems.push('no hosts');
  for (const host of guide.match.hosts) {
    if (!HOST_PATTERN.test(host)) problems.push(`host ${host} is not a lowercase hostname`);
    if (guide.match.subdomains === true && SHARED_SUFFIXES.has(host))
      problems.push(`host ${host} is a public suffix`);
  }
  for (const path of guide.match.paths ?? [])
    if (!/^\/[A-Za-z0-9._~\-/]*$/.test(path)) problems.push(`path ${path} is not a plain prefix`);
  return problems;
}

/** Declares a guide; a malformed one fails at startup (and in its test), not in a run. */
export function defineSiteGuide(guide: SiteGuide): SiteGuide {
  const problems = problemsOf(guide);
  if (problems.length > 0) throw new Error(`Site guide ${guide.id}: ${problems.join('; ')}.`);
  return Object.freeze(guide);
}

/** Checks a site's list as a whole: unique ids, the count and the combined text. */
export function checkSiteGuides(guides: readonly SiteGuide[]): readonly SiteGuide[] {
  const ids = new Set<string>();
  for (const guide of guides) {
    if (ids.has(guide.id)) throw new Error(`Site guide ${guide.id} is listed twice.`);
    ids.add(guide.id);
  }
  const total = guides.reduce((sum, guide) => sum + guide.text.length, 0);
  if (guides.length > MAX_SITE_GUIDES || total > MAX_SITE_GUIDE_TOTAL_CHARS)
    throw new Error(`Too many site guides: ${guides.length}, ${total} characters.`);
  return Object.freeze([...guides]);
}

function hostMatches(host: string, match: SiteGuideMatch): boolean {
  return match.hosts.some(
    (candidate) =>
      host === candidate || (match.subdomains === true && host.endsWith(`.${candidate}`)),
  );
}

function pathMatches(path: string, match: SiteGuideMatch): boolean {
  if (match.paths === undefined) return true;
  return match.paths.some((prefix) => {
    const bare = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
    return path === bare || path.startsWith(`${bare}/`) || bare === '';
  });
}

/** Whether `url` is one of the guide's pages. */
export function guideMatches(guide: SiteGuide, url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // The real sites are served over https on the default port; anything else (an
  // http page, a local port) is not the site the guide describes.
  if (parsed.protocol !== 'https:' || parsed.port !== '') return false;
  // A fully qualified name with its root dot is the same host.
  const host = parsed.hostname.endsWith('.') ? parsed.hostname.slice(0, -1) : parsed.hostname;
  return hostMatches(host, guide.match) && pathMatches(parsed.pathname, guide.match);
}

/** The first guide of `guides` whose rules match `url`, or null (also for no URL). */
export function guideFor(guides: readonly SiteGuide[], url: string | undefined): SiteGuide | null {
  if (!url) return null;
  return guides.find((guide) => guideMatches(guide, url)) ?? null;
}
