// ## Owns
// Site access in the worker: the panel's view of a tab, allowing and revoking sites,
// keeping registrations and injected bridges in step with the record, and the gate in
// front of every worker -> page request. Decisions are `mayBridgeRun`
// (bridge-access.ts) over facts gathered here; the browser is reached only through
// the injected platform.
// ## "Only now"
// "Only now" rides on the temporary access the browser gives a tab when the person
// clicks the toolbar button on it: no prompt, no permission held, and the browser ends
// that access itself on a cross-origin navigation, a close or a restart. The grant
// lives beside that access in session storage and ends on the same events; between
// them the decision checks the tab and host, so a missed event refuses the page rather
// than leaving it open.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type {
  AllowedSitesView,
  GrantMode,
  HostPattern,
  SiteAccess,
} from '../../shared/protocol/site-access-messages';
import type { PageTarget } from '../page-requests';
import { mayBridgeRun } from './bridge-access';
import { createGrantLifecycle } from './grant-lifecycle';
import { withAlways, withOnce, withoutOnce } from './grant-changes';
import { hostOf, hostPatternOf, isPatternGranted } from './host-patterns';
import { createSiteAccessCore, type SiteAccessDeps } from './site-access-core';
import { accessView } from './tab-access';

export type { RunsOnTabs, SiteAccessDeps } from './site-access-core';

const notAllowed = (host: string) =>
  new ProtocolFailure(
    'PAGE_NOT_GRANTED',
    `Side Agent is not allowed on ${host}. Allow it in the side panel first; until then nothing on the page is read.`,
  );
const notGrantedByBrowser = (host: string) =>
  new ProtocolFailure(
    'PAGE_NOT_GRANTED',
    `The browser has not given Side Agent access to ${host}, so nothing was allowed. Try again and choose Allow.`,
  );
const noClickAccess = (host: string) =>
  new ProtocolFailure(
    'PAGE_NOT_GRANTED',
    `"Only now" needs the Side Agent button in the toolbar clicked on this tab while it shows ${host}. Click it, then choose Only now again.`,
  );

export function createSiteAccess(deps: SiteAccessDeps) {
  const { store, platform, sessionRecords } = deps;
  const now = deps.now ?? Date.now;
  const core = createSiteAccessCore(deps);
  const { facts, place, placeEverywhere } = core;

  async function list(): Promise<AllowedSitesView> {
    const [allowed, records] = await Promise.all([store.load(), sessionRecords.activeTabs()]);
    return {
      sites: [
        ...allowed.always.map((grant) => ({
          pattern: grant.pattern,
          host: hostOf(grant.pattern),
          mode: 'always' as const,
          since: grant.since,
          tabId: null,
        })),
        ...records.flatMap((record) =>
          record.onceSince === null
            ? []
            : [
                {
                  pattern: record.pattern,
                  host: hostOf(record.pattern),
                  mode: 'once' as const,
                  since: record.onceSince,
                  tabId: record.tabId,
                },
              ],
        ),
      ],
    };
  }

  async function access(tabId: number): Promise<SiteAccess> {
    const url = await platform.tabUrl(tabId);
    if (!url) return { state: 'none' };
    return accessView(tabId, url, await facts());
  }

  return {
    access,
    list,

    /** The person allowed the tab's site, always or only now. */
    async allow(request: {
      tabId: number;
      pattern: HostPattern;
      mode: GrantMode;
      requested: boolean;
    }): Promise<SiteAccess> {
      const { tabId, pattern, mode, requested } = request;
      const url = await platform.tabUrl(tabId);
      if (!url) throw new ProtocolFailure('PAGE_UNAVAILABLE', 'That tab no longer exists.');
      const current = await facts();
      const top = mayBridgeRun({ tabId, topUrl: url }, current);
      if (hostPatternOf(url) !== pattern)
        throw new ProtocolFailure(
          'SITE_NOT_SUPPORTED',
          `This tab no longer shows ${hostOf(pattern)}, so nothing was allowed.`,
        );
      if (!top.run && top.reason !== 'not-allowed')
        throw new ProtocolFailure('SITE_NOT_SUPPORTED', 'Side Agent cannot work on this page.');
      if (mode === 'always') {
        if (!isPatternGranted(current.browserOrigins, pattern))
          throw notGrantedByBrowser(hostOf(pattern));
        const next = await store.update((allowed) =>
          withAlways(allowed, pattern, now(), requested),
        );
        await core.register(next);
      } else {
        const clicked = current.activeTabs.some(
          (record) => record.tabId === tabId && record.pattern === pattern,
        );
        if (!clicked) throw noClickAccess(hostOf(pattern));
        await sessionRecords.updateActiveTabs((records) =>
          withOnce(records, tabId, pattern, now()),
        );
      }
      await place(tabId, mode === 'once');
      if (mode === 'always') await placeEverywhere();
      deps.announce(null);
      return access(tabId);
    },

    /**
     * The person allowed the site of a frame the tab embeds ("Also allow"): always,
     * and only while the tab's own site is allowed and one of its frames shows it.
     */
    async allowFrame(request: {
      tabId: number;
      pattern: HostPattern;
      requested: boolean;
    }): Promise<SiteAccess> {
      const { tabId, pattern, requested } = request;
      const url = await platform.tabUrl(tabId);
      if (!url) throw new ProtocolFailure('PAGE_UNAVAILABLE', 'That tab no longer exists.');
      const current = await facts();
      if (!mayBridgeRun({ tabId, topUrl: url }, current).run)
        throw new ProtocolFailure(
          'PAGE_NOT_GRANTED',
          'Side Agent is not allowed on the page of this tab any more, so nothing was allowed.',
        );
      const frames = await platform.frames(tabId);
      const shown = frames.some(
        (frame) => frame.frameId !== 0 && hostPatternOf(`${frame.origin}/`) === pattern,
      );
      if (!shown)
        throw new ProtocolFailure(
          'SITE_NOT_SUPPORTED',
          `This page no longer embeds anything from ${hostOf(pattern)}, so nothing was allowed.`,
        );
      if (!isPatternGranted(current.browserOrigins, pattern))
        throw notGrantedByBrowser(hostOf(pattern));
      const next = await store.update((allowed) => withAlways(allowed, pattern, now(), requested));
      await core.register(next);
      await place(tabId);
      await placeEverywhere();
      deps.announce(null);
      return access(tabId);
    },

    /** Ends one grant; removes the permission an Always grant asked the browser for. */
    async revoke(request: {
      pattern: HostPattern;
      tabId: number | null;
    }): Promise<AllowedSitesView> {
      const { pattern, tabId } = request;
      if (tabId === null) {
        const before = await store.load();
        const ended = before.always.filter((grant) => grant.pattern === pattern);
        const remaining = await store.update((allowed) =>
          ended.length === 0
            ? allowed
            : { always: allowed.always.filter((grant) => grant.pattern !== pattern) },
        );
        await core.afterEnded(ended, remaining);
      } else {
        await sessionRecords.updateActiveTabs((records) => withoutOnce(records, tabId, pattern));
        await core.afterEnded([], await store.load());
      }
      return list();
    },

    /**
     * The gate in front of every worker -> page request: null when the bridge may run
     * in the target frame, else the refusal (PAGE_NOT_GRANTED where the person has not
     * allowed the site, SITE_NOT_SUPPORTED where nothing may run).
     */
    async admit(target: PageTarget): Promise<ProtocolFailure | null> {
      const url = await platform.tabUrl(target.tabId);
      // A closed tab is the transport's to report (PAGE_UNAVAILABLE).
      if (!url) return null;
      const frameId = target.frameId ?? 0;
      let frameOrigin: string | undefined;
      if (frameId !== 0) {
        const frame = (await platform.frames(target.tabId)).find(
          (entry) => entry.frameId === frameId,
        );
        // A frame the extension cannot reach is one the person has not allowed.
        frameOrigin = frame?.origin ?? 'null';
      }
      const verdict = mayBridgeRun(
        { tabId: target.tabId, topUrl: url, ...(frameOrigin === undefined ? {} : { frameOrigin }) },
        await facts(),
      );
      if (verdict.run) return null;
      if (verdict.reason === 'not-allowed') return notAllowed(hostOf(verdict.pattern));
      if (verdict.reason === 'frame-not-covered')
        return new ProtocolFailure(
          'PAGE_NOT_GRANTED',
          'Side Agent is not allowed in that frame of the page.',
        );
      return new ProtocolFailure('SITE_NOT_SUPPORTED', 'Side Agent cannot work on this page.');
    },

    /** Where the bridge goes in a tab at startup (null: nowhere). */
    placementAt: core.placementIn,

    /** What `mayBridgeRun` decides with, read fresh (for other deciders of the same question). */
    facts,

    ...createGrantLifecycle(core),
  };
}

export type SiteAccessService = ReturnType<typeof createSiteAccess>;
