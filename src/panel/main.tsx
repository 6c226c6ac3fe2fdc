// Composition root of the side panel: find the tab it serves, subscribe to worker
// events, mount the app.
import { render } from 'preact';
import { App, context, site } from './app/app';
import { explicitTabId } from './app/target-tab';
import { subscribeToWorker, worker } from './worker-client';

export async function main(root: HTMLElement): Promise<void> {
  const lifetime = new AbortController();
  addEventListener('pagehide', () => lifetime.abort(), { once: true });
  const tabId = explicitTabId(location.search);
  const windowId = tabId === undefined ? (await chrome.windows.getCurrent()).id : undefined;
  subscribeToWorker(
    {
      'tab/site-changed': ({ tabId: changed, site: next }) => {
        const followsActiveTab = tabId === undefined && next?.windowId === windowId;
        if (changed === site.value?.tabId || followsActiveTab) {
          site.value = next;
          context.value = null;
        }
      },
      'run/start': () => undefined,
      'run/stream': () => undefined,
      'run/tool-call': () => undefined,
      'run/tool-status': () => undefined,
      'run/pending': () => undefined,
      'run/notice': () => undefined,
      'run/end': () => undefined,
    },
    () => false,
    lifetime.signal,
  );
  const found = await worker.request('tab/get-site', {
    ...(tabId !== undefined ? { tabId } : {}),
    ...(windowId !== undefined ? { windowId } : {}),
  });
  if (found.ok) site.value = found.data;
  render(<App />, root);
}
