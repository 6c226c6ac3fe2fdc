// ## Owns
// What the site-access service and the grant lifecycle share: the facts the decision
// reads, putting the bridge where it may run, and what follows a grant ending (the
// permission it asked the browser for, the registration, runs that lost their page,
// the panels). Built once per worker by createSiteAccess.
import { SITES } from '../../sites/sites';
import type { BridgePlacement } from '../platform/main-world-registration';
import type { AllowedSites, AllowedSitesStore, AlwaysGrant } from '../storage/allowed-sites';
import { mayBridgeRun, type AccessFacts } from './bridge-access';
import { permissionsToRemove } from './grant-changes';
import { hostOf } from './host-patterns';
import type { SessionRecords } from './session-records';
import type { SiteAccessPlatform } from './site-access-platform';
import { placementFor } from './tab-access';

/** The runs site access may stop when a grant ends under them. */
export interface RunsOnTabs {
  active(): readonly { readonly runId: string; readonly tabId: number }[];
  /** Stops a run and tells the person why. */
  stop(runId: string, message: string): void;
}

export interface SiteAccessDeps {
  readonly store: AllowedSitesStore;
  readonly sessionRecords: SessionRecords;
  readonly platform: SiteAccessPlatform;
  /** Host patterns other features need from the browser (model endpoints, integrations). */
  readonly patternsInUse: () => Promise<readonly string[]>;
  readonly runs: RunsOnTabs;
  /** Tells panels that access changed (for one tab, or any). */
  readonly announce: (tabId: number | null) => void;
  readonly now?: () => number;
}

/** After a toolbar click, the browser's temporary access can lag the click a moment. */
const ACTIVE_TAB_RETRY_MS = 200;
const INSTALL_PATTERNS = SITES.filter((site) => site.access === 'install').flatMap((site) => [
  ...site.urls.patterns,
]);

/** The shared parts (see the header). */
export interface SiteAccessCore {
  readonly deps: SiteAccessDeps;
  facts(): Promise<AccessFacts>;
  /** The host patterns to register: the person's Always grants. */
  register(allowed: AllowedSites): Promise<unknown>;
  /** Where the bridge goes in a tab showing `url` (null: nowhere). */
  placementIn(tabId: number, url: string): Promise<BridgePlacement | null>;
  /** Injects the bridge where it may now run in `tabId`; false when not at all. */
  place(tabId: number, retry?: boolean): Promise<boolean>;
  /** Injects into every open tab the current record allows (after an Always grant). */
  placeEverywhere(): Promise<void>;
  /** After grants ended: frees their permissions, re-registers, stops runs, tells panels. */
  afterEnded(ended: readonly AlwaysGrant[], remaining: AllowedSites): Promise<void>;
}

export function createSiteAccessCore(deps: SiteAccessDeps): SiteAccessCore {
  const { store, platform, sessionRecords } = deps;
  async function facts(): Promise<AccessFacts> {
    const [allowed, browserOrigins, activeTabs] = await Promise.all([
      store.load(),
      platform.grantedOrigins(),
      sessionRecords.activeTabs(),
    ]);
    return { allowed, browserOrigins, activeTabs, browser: platform.browser };
  }

  const register = (allowed: AllowedSites) =>
    platform.register(allowed.always.map((grant) => grant.pattern));

  // The frame list is asked for only once the top frame may have the bridge: listing
  // frames runs a line in each of them.
  async function placementIn(tabId: number, url: string): Promise<BridgePlacement | null> {
    const current = await facts();
    if (!mayBridgeRun({ tabId, topUrl: url }, current).run) return null;
    return placementFor(tabId, url, await platform.frames(tabId), current);
  }

  async function place(tabId: number, retry = false): Promise<boolean> {
    const url = await platform.tabUrl(tabId);
    if (!url) return false;
    const placement = await placementIn(tabId, url);
    if (!placement) return false;
    try {
      await platform.inject(tabId, placement);
    } catch (error) {
      if (!retry) throw error;
      await platform.sleep(ACTIVE_TAB_RETRY_MS);
      await platform.inject(tabId, placement);
    }
    return true;
  }

  async function placeEverywhere(): Promise<void> {
    const tabs = await platform.openTabs();
    await Promise.all(tabs.map(({ tabId }) => place(tabId).catch(() => false)));
  }

  async function stopRunsThatLostAccess(): Promise<void> {
    const current = await facts();
    for (const run of deps.runs.active()) {
      const url = await platform.tabUrl(run.tabId);
      if (!url) continue;
      const verdict = mayBridgeRun({ tabId: run.tabId, topUrl: url }, current);
      if (verdict.run || verdict.reason !== 'not-allowed') continue;
      deps.runs.stop(
        run.runId,
        `Side Agent is no longer allowed on ${hostOf(verdict.pattern)}, so this response stopped. Nothing more is read from the page.`,
      );
    }
  }

  async function afterEnded(ended: readonly AlwaysGrant[], remaining: AllowedSites) {
    if (ended.length > 0) {
      const keep = [...INSTALL_PATTERNS, ...(await deps.patternsInUse())];
      await platform.removeOrigins(permissionsToRemove(ended, remaining, keep));
      await register(remaining);
    }
    await stopRunsThatLostAccess();
    deps.announce(null);
  }

  return { deps, facts, register, placementIn, place, placeEverywhere, afterEnded };
}
