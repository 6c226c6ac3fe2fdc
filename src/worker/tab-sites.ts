// Which site a tab shows and its chat scope, read from the browser's tab record and
// the site registry. The worker is the only context that asks the tabs API; the panel
// receives the answer.
import type { TabSite } from '../shared/protocol/site-catalog';
import { siteForUrl } from '../sites/sites';

const MAX_URL = 2_048;

/** The site and chat scope of a URL; both null where no site serves it. */
export function scopeOfUrl(url: string): Pick<TabSite, 'siteId' | 'scope'> {
  const site = siteForUrl(url);
  if (!site) return { siteId: null, scope: null };
  const key = site.scopeOf(url);
  return {
    siteId: site.id,
    scope: key === null ? null : { siteId: site.id, projectId: key.slice(0, 128) },
  };
}

export function siteOfTab(tab: chrome.tabs.Tab): TabSite | null {
  if (tab.id === undefined || tab.id < 0) return null;
  const url = (tab.url ?? tab.pendingUrl ?? '').slice(0, MAX_URL);
  return { tabId: tab.id, windowId: tab.windowId, url, ...scopeOfUrl(url) };
}

/** The given tab, or the active tab of the given (else last focused) window. */
export async function findTabSite(tabId?: number, windowId?: number): Promise<TabSite | null> {
  if (tabId !== undefined) {
    try {
      return siteOfTab(await chrome.tabs.get(tabId));
    } catch {
      return null;
    }
  }
  const query: chrome.tabs.QueryInfo =
    windowId !== undefined ? { active: true, windowId } : { active: true, lastFocusedWindow: true };
  const [tab] = await chrome.tabs.query(query);
  return tab ? siteOfTab(tab) : null;
}
