// The browser side of site access (src/worker/site-access): host permissions, tabs and
// their frames, local-file access, injection and registration, and the events that
// end "Only now" grants. Listeners are added synchronously at startup so the event
// that woke the worker (a tab closing, a navigation) reaches them.
import type { KeyValueArea } from '../storage/key-value-area';
import type { BrowserFamily } from '../site-access/restricted-pages';
import type { FrameInfo, SiteAccessPlatform } from '../site-access/site-access-platform';
import { ensureMainWorldRegistration, injectFrames } from './main-world-registration';

/** Firefox serves extension pages from moz-extension:; everything else here is Chromium. */
function browserFamily(): BrowserFamily {
  return chrome.runtime.getURL('').startsWith('moz-extension:') ? 'firefox' : 'chromium';
}

export function createSiteAccessBrowser(): SiteAccessPlatform {
  return {
    browser: browserFamily(),
    async grantedOrigins() {
      return (await chrome.permissions.getAll()).origins ?? [];
    },
    async removeOrigins(patterns) {
      if (patterns.length === 0) return;
      await chrome.permissions.remove({ origins: [...patterns] }).catch(() => false);
    },
    async tabUrl(tabId) {
      try {
        const tab = await chrome.tabs.get(tabId);
        return tab.url || tab.pendingUrl || '';
      } catch {
        return null;
      }
    },
    async openTabs() {
      const tabs = await chrome.tabs.query({});
      return tabs.flatMap((tab) =>
        tab.id !== undefined && tab.id >= 0 && tab.url ? [{ tabId: tab.id, url: tab.url }] : [],
      );
    },
    async frames(tabId) {
      // Lists exactly the frames the browser lets us reach, each with its document's
      // origin (srcdoc and about:blank frames report their creator's), with no extra
      // permission: a frame of a host we may not touch is simply absent.
      try {
        const results = await chrome.scripting.executeScript({
          target: { tabId, allFrames: true },
          func: () => location.origin,
        });
        return results.map((result): FrameInfo => ({
          frameId: result.frameId,
          origin: typeof result.result === 'string' ? result.result : 'null',
        }));
      } catch {
        return [];
      }
    },
    inject: injectFrames,
    register: (patterns) => ensureMainWorldRegistration(patterns),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

/** chrome.storage.session as a KeyValueArea (never readable by content scripts by default). */
export function createSessionArea(): KeyValueArea {
  return {
    async get(key) {
      return ((await chrome.storage.session.get(key)) as Record<string, unknown>)[key];
    },
    async set(key, value) {
      await chrome.storage.session.set({ [key]: value });
    },
  };
}

/** What the event listeners call. */
export interface SiteAccessEvents {
  tabChanged(tabId: number, url: string | null): Promise<void>;
  tabLoaded(tabId: number): Promise<void>;
  permissionsChanged(): Promise<unknown>;
}

/** Adds the listeners that keep grants in step with tabs and permissions. */
export function watchSiteAccessEvents(events: SiteAccessEvents): void {
  const quietly = (work: Promise<unknown>) => void work.catch(() => undefined);
  chrome.tabs.onUpdated.addListener((tabId, change) => {
    if (change.url !== undefined) quietly(events.tabChanged(tabId, change.url));
    if (change.status === 'complete') quietly(events.tabLoaded(tabId));
  });
  chrome.tabs.onRemoved.addListener((tabId) => quietly(events.tabChanged(tabId, null)));
  // A prerendered page swapped in replaces the tab id: the old tab is gone.
  chrome.tabs.onReplaced.addListener((_added, removed) =>
    quietly(events.tabChanged(removed, null)),
  );
  chrome.permissions.onRemoved.addListener(() => quietly(events.permissionsChanged()));
  chrome.permissions.onAdded.addListener(() => quietly(events.permissionsChanged()));
}
