// The grant lifecycle over a fake browser: what each grant needs from the browser,
// what allowing and revoking change there, and when "Only now" ends.
import { describe, expect, it } from 'vitest';
import { AllowedSitesStore } from '../storage/allowed-sites';
import type { BridgePlacement } from '../platform/main-world-registration';
import { createSessionRecords } from './session-records';
import type { FrameInfo, SiteAccessPlatform } from './site-access-platform';
import { createSiteAccess } from './site-access-service';

const NEWS = 'https://news.example/*';
const STORY = 'https://news.example/story';

function memoryArea() {
  const values = new Map<string, unknown>();
  return {
    values,
    get: async (key: string) => values.get(key),
    set: async (key: string, value: unknown) => void values.set(key, value),
  };
}

function setup(options: { origins?: string[]; inUse?: string[] } = {}) {
  const origins = new Set(options.origins ?? ['https://typst.app/*']);
  const tabs = new Map<number, string>([[1, STORY]]);
  const frames = new Map<number, FrameInfo[]>();
  const log = {
    injected: [] as { tabId: number; frameIds: BridgePlacement['frameIds'] }[],
    registered: [] as string[][],
    removed: [] as string[][],
    stopped: [] as string[],
    announced: [] as (number | null)[],
  };
  const runs: { runId: string; tabId: number }[] = [];
  const platform: SiteAccessPlatform = {
    browser: 'chromium',
    grantedOrigins: async () => [...origins],
    removeOrigins: async (patterns) => {
      log.removed.push([...patterns]);
      for (const pattern of patterns) origins.delete(pattern);
    },
    tabUrl: async (tabId) => tabs.get(tabId) ?? null,
    openTabs: async () => [...tabs].map(([tabId, url]) => ({ tabId, url })),
    frames: async (tabId) => frames.get(tabId) ?? [{ frameId: 0, origin: 'https://news.example' }],
    inject: async (tabId, placement) =>
      void log.injected.push({ tabId, frameIds: placement.frameIds }),
    register: async (patterns) => void log.registered.push([...patterns]),
    sleep: async () => undefined,
  };
  const local = memoryArea();
  const service = createSiteAccess({
    store: new AllowedSitesStore({ area: local }),
    sessionRecords: createSessionRecords(memoryArea()),
    platform,
    patternsInUse: async () => options.inUse ?? [],
    runs: {
      active: () => runs,
      stop: (runId) => void log.stopped.push(runId),
    },
    announce: (tabId) => void log.announced.push(tabId),
    now: () => 1_000,
  });
  return { service, origins, tabs, frames, log, runs, local };
}

describe('site access', () => {
  it('shows the grant card on a site nobody allowed, and refuses every page request there', async () => {
    const { service, log } = setup();
    expect(await service.access(1)).toEqual({
      state: 'needs-grant',
      host: 'news.example',
      pattern: NEWS,
      browserGranted: false,
      activeTab: false,
    });
    expect(await service.admit({ tabId: 1 })).toMatchObject({ code: 'PAGE_NOT_GRANTED' });
    expect(log.injected).toEqual([]);
  });

  it('"Always allow" records only what the browser granted, then registers and injects the bridge', async () => {
    const { service, origins, log, local } = setup();
    await expect(
      service.allow({ tabId: 1, pattern: NEWS, mode: 'always', requested: true }),
    ).rejects.toMatchObject({ code: 'PAGE_NOT_GRANTED' });
    expect(local.values.size).toBe(0);
    origins.add(NEWS);
    expect(
      await service.allow({ tabId: 1, pattern: NEWS, mode: 'always', requested: true }),
    ).toEqual({ state: 'allowed', via: 'always', host: 'news.example', since: 1_000 });
    expect(log.registered.at(-1)).toEqual([NEWS]);
    expect(log.injected).toContainEqual({ tabId: 1, frameIds: [0] });
    expect(await service.admit({ tabId: 1 })).toBeNull();
    expect((await service.list()).sites).toEqual([
      { pattern: NEWS, host: 'news.example', mode: 'always', since: 1_000, tabId: null },
    ]);
  });

  it('"Also allow" records a frame\'s site only on an allowed page that embeds it, then puts the bridge there', async () => {
    const { service, origins, frames, log, local } = setup();
    const ADS = 'https://ads.example/*';
    const allowFrame = (pattern: string) =>
      service.allowFrame({ tabId: 1, pattern: pattern as typeof NEWS, requested: true });
    frames.set(1, [
      { frameId: 0, origin: 'https://news.example' },
      { frameId: 5, origin: 'https://ads.example' },
    ]);
    origins.add(ADS);
    // The page itself is not allowed yet: its frames are not the person's to open.
    await expect(allowFrame(ADS)).rejects.toMatchObject({ code: 'PAGE_NOT_GRANTED' });
    expect(local.values.size).toBe(0);
    origins.add(NEWS);
    await service.allow({ tabId: 1, pattern: NEWS, mode: 'always', requested: true });
    // A host no frame of the tab shows is refused, and so is one the browser withheld.
    await expect(allowFrame('https://other.example/*')).rejects.toMatchObject({
      code: 'SITE_NOT_SUPPORTED',
    });
    origins.delete(ADS);
    await expect(allowFrame(ADS)).rejects.toMatchObject({ code: 'PAGE_NOT_GRANTED' });
    expect(await service.admit({ tabId: 1, frameId: 5 })).toMatchObject({
      code: 'PAGE_NOT_GRANTED',
    });
    origins.add(ADS);
    expect(await allowFrame(ADS)).toMatchObject({ state: 'allowed', host: 'news.example' });
    expect(log.registered.at(-1)).toEqual([NEWS, ADS]);
    expect(log.injected.at(-1)).toEqual({ tabId: 1, frameIds: [0, 5] });
    expect(await service.admit({ tabId: 1, frameId: 5 })).toBeNull();
  });

  it('puts the bridge only into the frames whose own origin is allowed', async () => {
    const { service, origins, frames, log } = setup();
    origins.add(NEWS);
    origins.add('https://ads.example/*');
    frames.set(1, [
      { frameId: 0, origin: 'https://news.example' },
      { frameId: 4, origin: 'https://news.example' },
      { frameId: 5, origin: 'https://ads.example' },
      { frameId: 6, origin: 'null' },
    ]);
    await service.allow({ tabId: 1, pattern: NEWS, mode: 'always', requested: true });
    expect(log.injected[0]).toEqual({ tabId: 1, frameIds: [0, 4] });
    expect(await service.admit({ tabId: 1, frameId: 4 })).toBeNull();
    expect(await service.admit({ tabId: 1, frameId: 5 })).toMatchObject({
      code: 'PAGE_NOT_GRANTED',
    });
    // A frame the browser does not let us reach is not allowed either.
    expect(await service.admit({ tabId: 1, frameId: 77 })).toMatchObject({
      code: 'PAGE_NOT_GRANTED',
    });
  });

  it('revoking removes the permission it asked for, the registration and the run on that site', async () => {
    const { service, origins, log, runs } = setup();
    origins.add(NEWS);
    await service.allow({ tabId: 1, pattern: NEWS, mode: 'always', requested: true });
    runs.push({ runId: 'run-1', tabId: 1 });
    expect((await service.revoke({ pattern: NEWS, tabId: null })).sites).toEqual([]);
    expect(log.removed).toEqual([[NEWS]]);
    expect(log.registered.at(-1)).toEqual([]);
    expect(log.stopped).toEqual(['run-1']);
    expect(await service.admit({ tabId: 1 })).toMatchObject({ code: 'PAGE_NOT_GRANTED' });
    expect(log.announced).toContain(null);
  });

  it('never removes a permission the browser held already or another feature still needs', async () => {
    const held = setup({ origins: [NEWS] });
    await held.service.allow({ tabId: 1, pattern: NEWS, mode: 'always', requested: false });
    await held.service.revoke({ pattern: NEWS, tabId: null });
    expect(held.log.removed).toEqual([[]]);
    const inUse = setup({ inUse: [NEWS] });
    inUse.origins.add(NEWS);
    await inUse.service.allow({ tabId: 1, pattern: NEWS, mode: 'always', requested: true });
    await inUse.service.revoke({ pattern: NEWS, tabId: null });
    expect(inUse.log.removed).toEqual([[]]);
    expect(inUse.origins.has(NEWS)).toBe(true);
  });

  it('"Only now" needs the toolbar click on this tab, and ends when the tab leaves the site', async () => {
    const { service, tabs, log } = setup();
    await expect(
      service.allow({ tabId: 1, pattern: NEWS, mode: 'once', requested: false }),
    ).rejects.toMatchObject({ code: 'PAGE_NOT_GRANTED' });
    await service.actionClicked(1, STORY);
    expect(log.announced).toEqual([1]);
    expect(await service.access(1)).toMatchObject({ state: 'needs-grant', activeTab: true });
    expect(
      await service.allow({ tabId: 1, pattern: NEWS, mode: 'once', requested: false }),
    ).toEqual({ state: 'allowed', via: 'once', host: 'news.example', since: 1_000 });
    // No permission is held and none is registered for it: it rides on the click.
    expect(log.registered).toEqual([]);
    expect(log.injected).toEqual([{ tabId: 1, frameIds: [0] }]);
    expect((await service.list()).sites).toEqual([
      { pattern: NEWS, host: 'news.example', mode: 'once', since: 1_000, tabId: 1 },
    ]);
    // Another page of the same site: the grant holds and the new page gets its bridge.
    await service.tabChanged(1, 'https://news.example/other');
    await service.tabLoaded(1);
    expect(log.injected).toHaveLength(2);
    expect(await service.admit({ tabId: 1 })).toBeNull();
    // Another site: the click's access and the grant end together.
    tabs.set(1, 'https://other.example/');
    await service.tabChanged(1, 'https://other.example/');
    expect((await service.list()).sites).toEqual([]);
    tabs.set(1, STORY);
    expect(await service.access(1)).toMatchObject({ state: 'needs-grant', activeTab: false });
    await service.tabLoaded(1);
    expect(log.injected).toHaveLength(2);
  });

  it('"Only now" ends when its tab closes, and a revoke ends it but keeps the click', async () => {
    const { service, tabs } = setup();
    await service.actionClicked(1, STORY);
    await service.allow({ tabId: 1, pattern: NEWS, mode: 'once', requested: false });
    await service.revoke({ pattern: NEWS, tabId: 1 });
    expect(await service.access(1)).toMatchObject({ state: 'needs-grant', activeTab: true });
    await service.allow({ tabId: 1, pattern: NEWS, mode: 'once', requested: false });
    tabs.delete(1);
    await service.tabChanged(1, null);
    expect((await service.list()).sites).toEqual([]);
  });

  it('drops an Always grant whose permission the person removed in the browser', async () => {
    const { service, origins, log, local } = setup();
    origins.add(NEWS);
    await service.allow({ tabId: 1, pattern: NEWS, mode: 'always', requested: true });
    origins.delete(NEWS);
    await service.reconcile();
    expect(local.values.get('sites.allowed.v1')).toEqual({ always: [] });
    expect(log.registered.at(-1)).toEqual([]);
    // Granting the host again (for a model endpoint) does not bring the grant back.
    origins.add(NEWS);
    expect(await service.access(1)).toMatchObject({ state: 'needs-grant', browserGranted: true });
  });

  it('says why a restricted page is off limits, and allows nothing there', async () => {
    const { service, tabs } = setup();
    tabs.set(2, 'chrome://settings/');
    expect(await service.access(2)).toEqual({
      state: 'restricted',
      kind: 'browser-page',
    });
    await expect(
      service.allow({ tabId: 2, pattern: NEWS, mode: 'always', requested: false }),
    ).rejects.toMatchObject({ code: 'SITE_NOT_SUPPORTED' });
    expect(await service.admit({ tabId: 2 })).toMatchObject({ code: 'SITE_NOT_SUPPORTED' });
    expect(await service.access(3)).toEqual({ state: 'none' });
  });
});
