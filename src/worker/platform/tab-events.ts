// Tells open panels when the site of a tab changes (navigation, SPA history
// updates, activation), so the panel can enable or explain itself.
import { createEmitter, type EventTransport } from '../../shared/protocol/client';
import { workerToPanel } from '../../shared/protocol/worker-to-panel';
import { siteOfTab } from '../tab-sites';

export function watchTabSites(transport: EventTransport): void {
  const emitter = createEmitter(workerToPanel, transport);
  const announce = (tab: chrome.tabs.Tab) => {
    if (tab.id === undefined) return;
    void emitter.emit('tab/site-changed', { tabId: tab.id, site: siteOfTab(tab) });
  };
  chrome.tabs.onUpdated.addListener((_tabId, change, tab) => {
    if (change.url !== undefined || change.status === 'complete') announce(tab);
  });
  chrome.tabs.onActivated.addListener(({ tabId }) => {
    void chrome.tabs.get(tabId).then(announce, () => undefined);
  });
}
