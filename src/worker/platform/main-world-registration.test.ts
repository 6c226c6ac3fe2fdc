import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SITES } from '../../sites/sites';
import {
  GRANTED_SCRIPT_ID,
  ISOLATED_FILES,
  MAIN_SCRIPT_ID,
  MAIN_WORLD_FILES,
  desiredGrantedRegistration,
  desiredMainRegistration,
  ensureMainWorldRegistration,
  injectFrames,
  injectIntoOpenTabs,
  isStaleRegistration,
} from './main-world-registration';

type Registered = chrome.scripting.RegisteredContentScript;

/** The slice of the chrome API the registration code calls, recorded. */
function fakeChrome(options: {
  origins: string[];
  tabs: { id: number; url: string }[];
  failingFrames?: number[];
}) {
  const registered = new Map<string, Registered>();
  const injected: {
    tabId: number;
    allFrames: boolean;
    frameIds?: number[];
    world: string;
    files: string[];
  }[] = [];
  const api = {
    permissions: {
      getAll: async () => ({ origins: options.origins }),
      contains: async ({ origins = [] }: { origins?: string[] }) =>
        origins.every((origin) => options.origins.includes(origin)),
    },
    scripting: {
      getRegisteredContentScripts: async ({ ids }: { ids: string[] }) =>
        ids.flatMap((id) => (registered.has(id) ? [registered.get(id)!] : [])),
      registerContentScripts: async (scripts: Registered[]) => {
        for (const script of scripts) {
          if (registered.has(script.id)) throw new Error('Duplicate script ID');
          registered.set(script.id, script);
        }
      },
      unregisterContentScripts: async ({ ids }: { ids: string[] }) => {
        for (const id of ids) registered.delete(id);
      },
      executeScript: async (injection: {
        target: { tabId: number; allFrames?: boolean; frameIds?: number[] };
        files: string[];
        world?: string;
      }) => {
        const frameIds = injection.target.frameIds;
        if (frameIds?.some((id) => options.failingFrames?.includes(id)))
          throw new Error('Frame with ID was removed.');
        injected.push({
          tabId: injection.target.tabId,
          allFrames: injection.target.allFrames ?? false,
          ...(frameIds ? { frameIds } : {}),
          world: injection.world ?? 'ISOLATED',
          files: injection.files,
        });
        return [];
      },
    },
    tabs: {
      query: async () => options.tabs,
      get: async (tabId: number) => options.tabs.find((tab) => tab.id === tabId),
    },
  };
  return { api, registered, injected };
}

let fake: ReturnType<typeof fakeChrome>;
const install = (options: Parameters<typeof fakeChrome>[0]) => {
  fake = fakeChrome(options);
  vi.stubGlobal('chrome', fake.api);
};
beforeEach(() => install({ origins: ['https://typst.app/*'], tabs: [] }));
afterEach(() => vi.unstubAllGlobals());

describe('content-script registration from the site registry', () => {
  it('registers the MAIN runtime for the sites that come with the install and need it', () => {
    expect(desiredMainRegistration()).toMatchObject({
      id: MAIN_SCRIPT_ID,
      matches: ['https://typst.app/*'],
      js: [...MAIN_WORLD_FILES],
      world: 'MAIN',
      runAt: 'document_start',
      allFrames: false,
    });
  });

  it('puts the relay only on origins allowed for a grant site, in every frame', () => {
    expect(desiredGrantedRegistration([])).toBeNull();
    // typst.app comes with the install; a grant site takes the rest.
    const registration = desiredGrantedRegistration([
      'https://typst.app/*',
      'https://news.example/*',
    ]);
    expect(registration).toMatchObject({
      id: GRANTED_SCRIPT_ID,
      matches: ['https://news.example/*'],
      js: [...ISOLATED_FILES],
      world: 'ISOLATED',
      allFrames: true,
      matchOriginAsFallback: true,
    });
  });

  it('repairs a stale registration, keeps a current one, and never registers for an origin only granted for something else', async () => {
    fake.registered.set(MAIN_SCRIPT_ID, {
      ...desiredMainRegistration(),
      js: ['old-page-main.js'],
    });
    expect(
      isStaleRegistration(fake.registered.get(MAIN_SCRIPT_ID)!, desiredMainRegistration()),
    ).toBe(true);
    install({ origins: ['https://typst.app/*', 'https://api.models.example/*'], tabs: [] });
    fake.registered.set(MAIN_SCRIPT_ID, { ...desiredMainRegistration(), js: ['old.js'] });
    // The model endpoint's host permission is not a person allowing the agent there.
    expect(await ensureMainWorldRegistration([])).toEqual({ main: 'repaired', granted: 'none' });
    expect(fake.registered.get(MAIN_SCRIPT_ID)?.js).toEqual([...MAIN_WORLD_FILES]);
    expect(await ensureMainWorldRegistration([])).toEqual({ main: 'kept', granted: 'none' });
    // Allowed by the person but not granted by the browser (yet): still nothing.
    expect(await ensureMainWorldRegistration(['https://news.example/*'])).toMatchObject({
      granted: 'none',
    });
  });

  it('injects into open tabs where the plan places the bridge, and reports failures per tab', async () => {
    install({
      origins: ['https://typst.app/*'],
      tabs: [
        { id: 1, url: 'https://typst.app/project/a' },
        { id: 2, url: 'https://news.example/story' },
        { id: 3, url: 'https://elsewhere.example/' },
      ],
    });
    const [typst, web] = SITES;
    const reports = await injectIntoOpenTabs(async (tabId) => {
      if (tabId === 1) return { site: typst!, frameIds: [0] };
      if (tabId === 2) throw new Error('The tab was discarded.');
      return null;
    });
    expect(reports).toEqual([
      { tabId: 1, ok: true },
      { tabId: 2, ok: false, error: 'The tab was discarded.' },
    ]);
    // The MAIN runtime follows the relay only on a site that needs it.
    expect(fake.injected).toEqual([
      { tabId: 1, allFrames: false, frameIds: [0], world: 'ISOLATED', files: [...ISOLATED_FILES] },
      { tabId: 1, allFrames: false, frameIds: [0], world: 'MAIN', files: [...MAIN_WORLD_FILES] },
    ]);
    expect(web?.mainWorld).toBe(false);
  });

  it('injects frame by frame: a subframe that went away does not fail the tab, the top frame does', async () => {
    const web = SITES.find((site) => site.access === 'grant')!;
    install({ origins: [], tabs: [], failingFrames: [7] });
    await injectFrames(5, { site: web, frameIds: [0, 7, 9] });
    expect(fake.injected.map((entry) => entry.frameIds)).toEqual([[0], [9]]);
    install({ origins: [], tabs: [], failingFrames: [0] });
    await expect(injectFrames(5, { site: web, frameIds: [0, 9] })).rejects.toThrow('removed');
    // An install site's placement covers every frame at once.
    install({ origins: [], tabs: [] });
    await injectFrames(5, { site: web, frameIds: 'all' });
    expect(fake.injected).toEqual([
      { tabId: 5, allFrames: true, world: 'ISOLATED', files: [...ISOLATED_FILES] },
    ]);
  });
});
