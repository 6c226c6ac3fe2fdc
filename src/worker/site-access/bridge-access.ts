// ## Owns
// The one answer to "may the bridge run on this tab, in this frame?". Registration,
// injection, every worker -> page request and the panel's card all ask it.
// ## The rule
// The bridge runs on a page only where BOTH hold: the person allowed the page's site
// (our record: "Always allow", or "Only now" on this tab) and the browser grants the
// host (a host permission for Always; the toolbar click's temporary access for Only
// now). A host permission granted for another reason (a model endpoint, an MCP server)
// is not the person allowing Side Agent on that site's pages. Sites that come with the
// install run where the manifest puts them. Restricted pages never run it. A subframe
// runs it only when its tab does, its tab's site works across frames, and the origin of
// the frame's own document passes the same rule.
import type { HostPattern, RestrictedKind } from '../../shared/protocol/site-access-messages';
import { siteForUrl } from '../../sites/sites';
import type { AllowedSites } from '../storage/allowed-sites';
import { hostPatternOf, isPatternGranted } from './host-patterns';
import { restrictedKindOf, type BrowserFamily } from './restricted-pages';
import type { ActiveTab } from './session-records';

/** Everything the decision reads, gathered by the caller. */
export interface AccessFacts {
  readonly allowed: AllowedSites;
  /** `chrome.permissions.getAll().origins`. */
  readonly browserOrigins: readonly string[];
  /** Tabs where the toolbar button was clicked, with their "Only now" grants. */
  readonly activeTabs: readonly ActiveTab[];
  readonly browser: BrowserFamily;
}

/** One document of a tab. */
export interface BridgeTarget {
  readonly tabId: number;
  /** The tab's top-level URL. */
  readonly topUrl: string;
  /** For a subframe: its document's origin (`location.origin`); absent for the top frame. */
  readonly frameOrigin?: string;
}

export type GrantVia = 'install' | 'always' | 'once';

export type BridgeVerdict =
  | {
      readonly run: true;
      readonly via: GrantVia;
      readonly pattern: HostPattern;
      readonly since: number | null;
    }
  | { readonly run: false; readonly reason: 'restricted'; readonly kind: RestrictedKind }
  | { readonly run: false; readonly reason: 'no-site' }
  | { readonly run: false; readonly reason: 'frame-not-covered' }
  | { readonly run: false; readonly reason: 'not-allowed'; readonly pattern: HostPattern };

/** The verdict for one document address of `tabId`. */
function verdictForUrl(url: string, tabId: number, facts: AccessFacts): BridgeVerdict {
  const kind = restrictedKindOf(url, facts.browser);
  if (kind) return { run: false, reason: 'restricted', kind };
  const site = siteForUrl(url);
  const pattern = hostPatternOf(url);
  if (!site || !pattern) return { run: false, reason: 'no-site' };
  if (site.access === 'install') return { run: true, via: 'install', pattern, since: null };
  const always = facts.allowed.always.find((grant) => grant.pattern === pattern);
  if (always && isPatternGranted(facts.browserOrigins, pattern))
    return { run: true, via: 'always', pattern, since: always.since };
  const once = facts.activeTabs.find(
    (active) => active.tabId === tabId && active.pattern === pattern && active.onceSince !== null,
  );
  if (once) return { run: true, via: 'once', pattern, since: once.onceSince };
  return { run: false, reason: 'not-allowed', pattern };
}

/** May the bridge run on this tab (top frame), or in this frame of it? */
export function mayBridgeRun(target: BridgeTarget, facts: AccessFacts): BridgeVerdict {
  const top = verdictForUrl(target.topUrl, target.tabId, facts);
  if (target.frameOrigin === undefined || !top.run) return top;
  if (siteForUrl(target.topUrl)?.frames !== 'all')
    return { run: false, reason: 'frame-not-covered' };
  // An opaque origin (data:, a sandboxed frame) has no site anyone could allow.
  if (!/^https?:\/\//.test(target.frameOrigin)) return { run: false, reason: 'frame-not-covered' };
  const frame = verdictForUrl(`${target.frameOrigin}/`, target.tabId, facts);
  // A frame belongs to the site serving its own address, which must work across
  // frames; a site that comes with the install has its own bridge, in its top frames.
  if (frame.run && (frame.via === 'install' || siteForUrl(target.frameOrigin)?.frames !== 'all'))
    return { run: false, reason: 'frame-not-covered' };
  return frame;
}
