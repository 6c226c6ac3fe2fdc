// A tab seen through the access decision: which of its frames the bridge may run in
// (the placement the injection uses) and the panel's view of the tab. Pure over the
// facts and the tab's frame list.
import type { SiteAccess } from '../../shared/protocol/site-access-messages';
import { siteForUrl } from '../../sites/sites';
import type { BridgePlacement } from '../platform/main-world-registration';
import { mayBridgeRun, type AccessFacts } from './bridge-access';
import { hostOf, isPatternGranted } from './host-patterns';
import type { FrameInfo } from './site-access-platform';

/** Where the bridge goes in this tab, or null when not even its top frame may have it. */
export function placementFor(
  tabId: number,
  topUrl: string,
  frames: readonly FrameInfo[],
  facts: AccessFacts,
): BridgePlacement | null {
  const site = siteForUrl(topUrl);
  const top = mayBridgeRun({ tabId, topUrl }, facts);
  if (!site || !top.run) return null;
  // A site that comes with the install: its manifest bridge's own frames.
  if (top.via === 'install') return { site, frameIds: site.frames === 'all' ? 'all' : [0] };
  if (site.frames !== 'all') return { site, frameIds: [0] };
  const frameIds = frames
    .filter((frame) => frame.frameId !== 0)
    .filter((frame) => mayBridgeRun({ tabId, topUrl, frameOrigin: frame.origin }, facts).run)
    .map((frame) => frame.frameId);
  return { site, frameIds: [0, ...frameIds] };
}

/** The panel's view of a tab showing `url`. */
export function accessView(tabId: number, url: string, facts: AccessFacts): SiteAccess {
  const verdict = mayBridgeRun({ tabId, topUrl: url }, facts);
  if (verdict.run) {
    return {
      state: 'allowed',
      via: verdict.via,
      host: hostOf(verdict.pattern),
      since: verdict.since,
    };
  }
  if (verdict.reason === 'not-allowed') {
    return {
      state: 'needs-grant',
      host: hostOf(verdict.pattern),
      pattern: verdict.pattern,
      browserGranted: isPatternGranted(facts.browserOrigins, verdict.pattern),
      activeTab: facts.activeTabs.some(
        (active) => active.tabId === tabId && active.pattern === verdict.pattern,
      ),
    };
  }
  const kind = verdict.reason === 'restricted' ? verdict.kind : 'unsupported';
  return { state: 'restricted', kind };
}
