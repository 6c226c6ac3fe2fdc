// ## Owns
// Moving the run's tab through the browser (an address, back, forward) and waiting
// until it has arrived: the tab's load completes, or the bound passes, or Stop.
// Injected into the navigation tools so tests can see every step.
import type { RunTabs } from '../tabs/run-tabs';

/** Where to go. */
export type Destination = { readonly url: string } | 'back' | 'forward';

export interface NavigationDeps {
  /** The tab's address, or undefined when the tab is gone. */
  readonly tabUrl: (tabId: number) => Promise<string | undefined>;
  /** Moves the tab; resolves with its address once loaded, or the reason it did not arrive. */
  readonly go: (
    tabId: number,
    destination: Destination,
    signal: AbortSignal,
  ) => Promise<
    { readonly ok: true; readonly url: string } | { readonly ok: false; readonly message: string }
  >;
  /** The run's tab set (tabs/run-tabs.ts); absent: the run's one tab, unmarked. */
  readonly tabs?: Pick<RunTabs, 'mayActInTab'>;
}

/** Longest wait for a page to load after a navigation. */
export const NAVIGATION_TIMEOUT_MS = 15_000;

function whenLoaded(tabId: number, signal: AbortSignal): Promise<string | null> {
  return new Promise((resolve) => {
    const finish = (url: string | null) => {
      clearTimeout(timer);
      chrome.tabs.onUpdated.removeListener(listener);
      chrome.tabs.onRemoved.removeListener(removed);
      signal.removeEventListener('abort', aborted);
      resolve(url);
    };
    const listener = (id: number, change: { status?: string }, tab: chrome.tabs.Tab) => {
      if (id === tabId && change.status === 'complete') finish(tab.url ?? '');
    };
    const removed = (id: number) => {
      if (id === tabId) finish(null);
    };
    const aborted = () => finish(null);
    const timer = setTimeout(() => finish(null), NAVIGATION_TIMEOUT_MS);
    chrome.tabs.onUpdated.addListener(listener);
    chrome.tabs.onRemoved.addListener(removed);
    signal.addEventListener('abort', aborted, { once: true });
  });
}

export function browserNavigationDeps(
  tabUrl: NavigationDeps['tabUrl'],
  tabs?: NavigationDeps['tabs'],
): NavigationDeps {
  return {
    tabUrl,
    ...(tabs ? { tabs } : {}),
    async go(tabId, destination, signal) {
      // Listening starts before the move, so a fast load is not missed.
      const loaded = whenLoaded(tabId, signal);
      try {
        if (destination === 'back') await chrome.tabs.goBack(tabId);
        else if (destination === 'forward') await chrome.tabs.goForward(tabId);
        else await chrome.tabs.update(tabId, { url: destination.url });
      } catch (error) {
        return {
          ok: false,
          message: error instanceof Error ? error.message : 'The browser refused to move the tab.',
        };
      }
      const url = await loaded;
      if (url === null)
        return {
          ok: false,
          message: signal.aborted
            ? 'The request was stopped.'
            : 'The page did not finish loading in time (or the tab was closed).',
        };
      return { ok: true, url };
    },
  };
}
