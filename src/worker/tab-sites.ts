// Which site a tab shows, read from the browser's tab record. The worker is the
// only context that asks the tabs API; the panel receives the answer.
import type { TabSite } from '../shared/protocol/panel-to-worker';
import { isTypstUrl, typstProjectId } from '../sites/typst/typst-site';

const MAX_URL = 2_048;

export function siteOfTab(tab: chrome.tabs.Tab): TabSite | null {
  if (tab.id === undefined || tab.id < 0) return null;
  const url = (tab.url ?? tab.pendingUrl ?? '').slice(0, MAX_URL);
  return {
    tabId: tab.id,
    windowId: tab.windowId,
    url,
    siteId: isTypstUrl(url) ? 'typst' : 'web',
    projectId: typstProjectId(url),
  };
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
