// ## Owns
// Noticing that an action made the run's tab load a new document (a link it clicked,
// a form it submitted, Enter in a search field) and waiting, bounded, until the new
// document has loaded. Started before the input is sent, so a fast load is not missed.
// ## Why the tab's loading status
// A new document always puts the tab into "loading"; a page that only rewrites its
// address (history.pushState) keeps its document and its refs, so an address change
// alone is a weaker sign, used only when the loading status was not seen.
import { NAVIGATION_TIMEOUT_MS } from './navigation-deps';

export interface NavigationWatch {
  /** Whether the tab began loading a document since the watch started. */
  started(): boolean;
  /** Waits up to `ms` for the tab to begin loading; whether it did. */
  starts(ms: number, signal: AbortSignal): Promise<boolean>;
  /** The tab's address once its load completed; null after the bound, a closed tab or Stop. */
  arrived(signal: AbortSignal): Promise<string | null>;
  /** Stops listening (safe to call more than once). */
  stop(): void;
}

/** Starts watching `tabId` for a navigation. */
export type WatchNavigation = (tabId: number) => NavigationWatch;

/** How often a wait for the load to complete asks the tab directly. */
const STATUS_POLL_MS = 250;

type Listener = (id: number, change: { status?: string }, tab: chrome.tabs.Tab) => void;

export const browserNavigationWatch: WatchNavigation = (tabId) => {
  let loading = false;
  let loadedUrl: string | null = null;
  const waiters = new Set<() => void>();
  const starters = new Set<() => void>();
  const listener: Listener = (id, change, tab) => {
    if (id !== tabId) return;
    if (change.status === 'loading') {
      loading = true;
      loadedUrl = null;
      for (const wake of starters) wake();
    } else if (change.status === 'complete' && loading) {
      loadedUrl = tab.url ?? '';
      for (const wake of waiters) wake();
    }
  };
  chrome.tabs.onUpdated.addListener(listener);
  const stop = () => chrome.tabs.onUpdated.removeListener(listener);
  return {
    started: () => loading,
    stop,
    starts: (ms, signal) =>
      loading
        ? Promise.resolve(true)
        : new Promise((resolve) => {
            const finish = () => {
              clearTimeout(timer);
              starters.delete(finish);
              signal.removeEventListener('abort', finish);
              resolve(loading);
            };
            const timer = setTimeout(finish, ms);
            starters.add(finish);
            signal.addEventListener('abort', finish, { once: true });
          }),
    async arrived(signal) {
      if (loadedUrl !== null) return loadedUrl;
      // The address changed without a loading status seen: the tab may be done already.
      const tab = await chrome.tabs.get(tabId).catch(() => null);
      if (!tab) return null;
      // The "complete" event may have come in while the tab was asked.
      if (loadedUrl !== null) return loadedUrl;
      if (tab.status === 'complete') return tab.url ?? '';
      return new Promise((resolve) => {
        const finish = (url: string | null) => {
          clearTimeout(timer);
          clearInterval(poll);
          waiters.delete(wake);
          chrome.tabs.onRemoved.removeListener(removed);
          signal.removeEventListener('abort', aborted);
          resolve(url);
        };
        const wake = () => finish(loadedUrl);
        const aborted = () => finish(null);
        const removed = (id: number) => {
          if (id === tabId) finish(null);
        };
        const timer = setTimeout(() => finish(null), NAVIGATION_TIMEOUT_MS);
        // Events are the fast path; asking the tab now and then covers an event that
        // a busy worker got out of order (a tab that says "complete" after a load we
        // saw start has finished that load).
        const poll = setInterval(() => {
          void chrome.tabs.get(tabId).then(
            (now) => {
              if (now.status === 'complete') finish(loadedUrl ?? now.url ?? '');
            },
            () => finish(null),
          );
        }, STATUS_POLL_MS);
        waiters.add(wake);
        chrome.tabs.onRemoved.addListener(removed);
        signal.addEventListener('abort', aborted, { once: true });
      });
    },
  };
};
