// ## Owns
// Rendering an address in a tab the person does not see (opened in the background,
// never focused) for research_url: wait until it has loaded, read its visible text
// with a one-off script, and close it on every way out (loaded, timed out, stopped,
// failed). At most two such tabs are open at once; a third call is refused.
// ## Why a one-off script and not the page bridge
// The bridge serves the run's own tab; a background tab lives for a few seconds. The
// browser runs the script only where Side Agent has host permission, which is the
// same grant the person gave for the site.
import { MAX_URL_CHARS } from '../../../../shared/protocol/limits';

/** Most characters of page text a research read returns. */
export const MAX_RESEARCH_CHARS = 60_000;
/** Hidden tabs open at once across the worker's runs. */
export const MAX_HIDDEN_TABS = 2;

export interface HiddenRead {
  readonly url: string;
  readonly title: string;
  readonly text: string;
  readonly originalLength: number;
}

export type HiddenTabResult =
  | { readonly status: 'read'; readonly read: HiddenRead }
  | { readonly status: 'busy' | 'timeout' | 'refused'; readonly url?: string }
  | { readonly status: 'failed'; readonly message: string };

/** The browser calls, so tests can see each one (and that the tab is always closed). */
export interface HiddenTabApi {
  open(url: string, nearTabId: number): Promise<number>;
  /** The tab's address once its load completed; waits, aborted by `signal`. */
  loaded(tabId: number, signal: AbortSignal): Promise<string>;
  read(tabId: number): Promise<{ title: string; text: string }>;
  close(tabId: number): Promise<void>;
}

let open = 0;

/**
 * Loads `url` hidden, lets `mayRead` judge the address it ended on, and reads it.
 * The tab is closed whatever happens.
 */
export async function readHidden(
  api: HiddenTabApi,
  url: string,
  nearTabId: number,
  timeoutMs: number,
  signal: AbortSignal,
  mayRead: (tabId: number, finalUrl: string) => Promise<boolean>,
): Promise<HiddenTabResult> {
  if (open >= MAX_HIDDEN_TABS) return { status: 'busy' };
  open += 1;
  let tabId: number | null = null;
  const timeout = AbortSignal.timeout(timeoutMs);
  const both = AbortSignal.any([signal, timeout]);
  try {
    tabId = await api.open(url, nearTabId);
    let finalUrl: string;
    try {
      finalUrl = await api.loaded(tabId, both);
    } catch (error) {
      if (timeout.aborted && !signal.aborted) return { status: 'timeout' };
      throw error;
    }
    if (!(await mayRead(tabId, finalUrl)))
      return { status: 'refused', url: finalUrl.slice(0, MAX_URL_CHARS) };
    const page = await api.read(tabId);
    return {
      status: 'read',
      read: {
        url: finalUrl.slice(0, MAX_URL_CHARS),
        title: page.title.slice(0, 300),
        text: page.text.slice(0, MAX_RESEARCH_CHARS),
        originalLength: page.text.length,
      },
    };
  } catch (error) {
    if (signal.aborted) throw error;
    return {
      status: 'failed',
      message: error instanceof Error ? error.message.slice(0, 300) : 'failed',
    };
  } finally {
    open -= 1;
    if (tabId !== null) await api.close(tabId).catch(() => undefined);
  }
}

/**
 * The page's visible text, as the person would select and copy it, once it held still
 * for a moment: many pages build their text by script after the load event. Runs in
 * the page, so it carries everything it needs.
 */
async function visibleText(): Promise<{ title: string; text: string }> {
  const read = () => {
    const main = document.querySelector('main, [role="main"], article') ?? document.body;
    return (main as HTMLElement | null)?.innerText ?? '';
  };
  let last = read();
  for (let waited = 0; waited < 2_000; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = read();
    if (now === last && now.trim() !== '') break;
    last = now;
  }
  return { title: document.title, text: last };
}

export const browserHiddenTabs: HiddenTabApi = {
  async open(url, nearTabId) {
    const near = await chrome.tabs.get(nearTabId).catch(() => undefined);
    const tab = await chrome.tabs.create({
      url,
      active: false,
      ...(near ? { windowId: near.windowId, index: near.index + 1 } : {}),
    });
    if (tab.id === undefined) throw new Error('The browser did not open the tab.');
    return tab.id;
  },
  loaded: (tabId, signal) =>
    new Promise<string>((resolve, reject) => {
      const done = (finish: () => void) => {
        chrome.tabs.onUpdated.removeListener(listen);
        signal.removeEventListener('abort', aborted);
        finish();
      };
      const listen = (id: number, change: { status?: string }, tab: chrome.tabs.Tab) => {
        if (id === tabId && change.status === 'complete') done(() => resolve(tab.url ?? ''));
      };
      const aborted = () => done(() => reject(signal.reason as Error));
      chrome.tabs.onUpdated.addListener(listen);
      signal.addEventListener('abort', aborted, { once: true });
      // It may have loaded before the listener was in place.
      void chrome.tabs.get(tabId).then(
        (tab) => {
          if (tab.status === 'complete' && tab.url) done(() => resolve(tab.url ?? ''));
        },
        (error: unknown) => done(() => reject(error as Error)),
      );
    }),
  async read(tabId) {
    const [first] = await chrome.scripting.executeScript({ target: { tabId }, func: visibleText });
    const result = first?.result as { title: string; text: string } | undefined;
    return { title: result?.title ?? '', text: result?.text ?? '' };
  },
  close: (tabId) => chrome.tabs.remove(tabId),
};
