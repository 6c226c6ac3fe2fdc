// The lifetime of grants outside the person's clicks in the panel: the toolbar button
// giving a tab temporary access, a tab leaving its site or closing (the access and its
// "Only now" grant end, as the browser ends the access itself), a tab loading again on
// its "Only now" site (it gets its bridge back, since a load starts without it), and
// the start of a worker or a permission change (Always grants whose permission the
// person removed in the browser are dropped; the registration is made to match).
import { hostPatternOf, isPatternGranted } from './host-patterns';
import type { SiteAccessCore } from './site-access-core';

export function createGrantLifecycle(core: SiteAccessCore) {
  const { deps } = core;
  const { store, sessionRecords, platform } = deps;
  return {
    /** The toolbar button was clicked on the tab: it has temporary access to its host now. */
    async actionClicked(tabId: number, url: string | undefined): Promise<void> {
      const pattern = hostPatternOf(url);
      const changed = await sessionRecords.updateActiveTabs((records) => {
        const kept = records.filter((record) => record.tabId !== tabId);
        const same = records.find((record) => record.tabId === tabId && record.pattern === pattern);
        // A second click on the same site keeps its "Only now" grant.
        if (same) return records;
        return pattern ? [...kept, { tabId, pattern, onceSince: null }] : kept;
      });
      if (changed) deps.announce(tabId);
    },

    /**
     * The tab shows `url` now (null: it closed). The toolbar access, and with it the
     * "Only now" grant, ends when the tab leaves the host it was given on.
     */
    async tabChanged(tabId: number, url: string | null): Promise<void> {
      const pattern = url === null ? null : hostPatternOf(url);
      const ended = (await sessionRecords.activeTabs()).filter(
        (record) => record.tabId === tabId && record.pattern !== pattern,
      );
      if (ended.length === 0) return;
      await sessionRecords.updateActiveTabs((records) =>
        records.filter((record) => !ended.includes(record)),
      );
      if (ended.some((record) => record.onceSince !== null))
        await core.afterEnded([], await store.load());
      else deps.announce(tabId);
    },

    /** The tab finished loading: a page kept by an "Only now" grant gets its bridge. */
    async tabLoaded(tabId: number): Promise<void> {
      const records = await sessionRecords.activeTabs();
      if (records.some((record) => record.tabId === tabId && record.onceSince !== null))
        await core.place(tabId);
    },

    /**
     * Startup and permission changes: drops Always grants whose permission the person
     * removed in the browser, and makes the registration match the record.
     */
    async reconcile(): Promise<unknown> {
      const origins = await platform.grantedOrigins();
      let lapsed = false;
      const remaining = await store.update((allowed) => {
        const kept = allowed.always.filter((grant) => isPatternGranted(origins, grant.pattern));
        if (kept.length === allowed.always.length) return allowed;
        lapsed = true;
        return { always: kept };
      });
      if (lapsed) deps.announce(null);
      return core.register(remaining);
    },
  };
}
