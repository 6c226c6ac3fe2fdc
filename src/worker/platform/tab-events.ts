// Tells open panels when the site of a tab changes (navigation, SPA history
// updates, activation), so the panel can enable or explain itself; and tells the
// worker when a tab closed, so what it remembers about the tab goes too.
import { createEmitter, type EventTransport } from '../../shared/protocol/client';
import { workerToPanel } from '../../shared/protocol/worker-to-panel';
import { siteOfTab } from '../tab-sites';

export function watchTabSites(transport: EventTransport, onClosed?: (tabId: number) => void): void {
  const emitter = createEmitter(workerToPanel, transport);
  const announce = (tab: chrome.tabs.Tab) => {
    if (tab.id === undefined) return;
    void emitter.emit('tab/site-changed', { tabId: tab.id, site: siteOfTab(tab) });
  };
  chrome.tabs.onUpdated.addListener((_tabId, change, tab) => {
    if (change.url !== undefined || change.status === 'complete') announce(tab);
  });
  if (onClosed) chrome.tabs.onRemoved.addListener((tabId) => onClosed(tabId));
  chrome.tabs.onActivated.addListener(({ tabId }) => {
    void chrome.tabs.get(tabId).then(announce, () => undefined);
  });
}
