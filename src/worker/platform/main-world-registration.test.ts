import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GRANTED_SCRIPT_ID,
  ISOLATED_FILES,
  MAIN_SCRIPT_ID,
  MAIN_WORLD_FILES,
  desiredGrantedRegistration,
  desiredMainRegistration,
  ensureMainWorldRegistration,
  injectBridge,
  injectIntoOpenTabs,
  isStaleRegistration,
} from './main-world-registration';

type Registered = chrome.scripting.RegisteredContentScript;

/** The slice of the chrome API the registration code calls, recorded. */
function fakeChrome(options: { origins: string[]; tabs: { id: number; url: string }[] }) {
  const registered = new Map<string, Registered>();
  const injected: { tabId: number; allFrames: boolean; world: string; files: string[] }[] = [];
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
        target: { tabId: number; allFrames?: boolean };
        files: string[];
        world?: string;
      }) => {
        injected.push({
          tabId: injection.target.tabId,
          allFrames: injection.target.allFrames ?? false,
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

  it('injects into open tabs by their site: install sites always, grant sites only where granted', async () => {
    install({
      origins: ['https://typst.app/*', 'https://news.example/*'],
      tabs: [
        { id: 1, url: 'https://typst.app/project/a' },
        { id: 2, url: 'https://news.example/story' },
        { id: 3, url: 'https://elsewhere.example/' },
        { id: 4, url: 'chrome://settings/' },
      ],
    });
    const reports = await injectIntoOpenTabs();
    expect(reports).toEqual([
      { tabId: 1, ok: true },
      { tabId: 2, ok: true },
    ]);
    expect(fake.injected).toEqual([
      { tabId: 1, allFrames: false, world: 'ISOLATED', files: [...ISOLATED_FILES] },
      { tabId: 1, allFrames: false, world: 'MAIN', files: [...MAIN_WORLD_FILES] },
      { tabId: 2, allFrames: true, world: 'ISOLATED', files: [...ISOLATED_FILES] },
    ]);
  });

  it('injects on demand only after a grant, and never where no site serves the page', async () => {
    install({
      origins: ['https://typst.app/*'],
      tabs: [
        { id: 5, url: 'https://news.example/story' },
        { id: 6, url: 'file:///home/person/notes.txt' },
      ],
    });
    await expect(injectBridge(5)).rejects.toMatchObject({ code: 'PAGE_NOT_GRANTED' });
    await expect(injectBridge(6)).rejects.toMatchObject({ code: 'SITE_NOT_SUPPORTED' });
    expect(fake.injected).toEqual([]);
    install({
      origins: ['https://news.example/*'],
      tabs: [{ id: 5, url: 'https://news.example/story' }],
    });
    await injectBridge(5);
    expect(fake.injected).toEqual([
      { tabId: 5, allFrames: true, world: 'ISOLATED', files: [...ISOLATED_FILES] },
    ]);
  });
});
