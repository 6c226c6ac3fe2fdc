// Composition root of the side panel: find the tab it serves, build the
// controllers over the real worker client, subscribe to worker events, mount.
import { render } from 'preact';
import { App } from './app/app';
import { createPanelApi } from './app/panel-api';
import { PanelController } from './app/panel-controller';
import { explicitTabId } from './app/target-tab';
import { runtimeRequestTransport } from './transport/runtime-transport';
import { createEventRouter } from '../shared/protocol/router';
import { workerToPanel } from '../shared/protocol/worker-to-panel';
import { subscribeToWorker } from './worker-client';
import { installTestHarness } from './test-harness';

export async function main(root: HTMLElement): Promise<void> {
  const lifetime = new AbortController();
  addEventListener('pagehide', () => lifetime.abort(), { once: true });
  const tabId = explicitTabId(location.search);
  const windowId = tabId === undefined ? (await chrome.windows.getCurrent()).id : undefined;
  const panel = new PanelController(createPanelApi(runtimeRequestTransport));
  const handlers = {
    'tab/site-changed': ({
      tabId: changed,
      site: next,
    }: {
      tabId: number;
      site: Parameters<PanelController['serve']>[0];
    }) => {
      const followsActiveTab = tabId === undefined && next?.windowId === windowId;
      const servesChanged = tabId === undefined ? followsActiveTab : changed === tabId;
      if (servesChanged || changed === panel.site.peek()?.tabId) void panel.serve(next);
    },
    'sites/changed': ({ tabId: changed }: { tabId: number | null }) => {
      if (panel.siteAccess.serves(changed)) void panel.siteAccess.reload();
    },
    'panel/quick-attach': (event: Parameters<PanelController['quickAttach']['receive']>[0]) =>
      void panel.quickAttach.receive(event),
    ...panel.runs.handlers,
  };
  // A run shown while the worker restarted may go on there under a new id.
  subscribeToWorker(
    handlers,
    panel.runs.isActiveRun,
    lifetime.signal,
    () => void panel.runs.refresh(),
  );
  installTestHarness(
    location.search,
    panel,
    createEventRouter(workerToPanel, handlers, { isActiveRun: panel.runs.isActiveRun }),
    lifetime.signal,
  );
  render(<App panel={panel} />, root);
  const found = await panel.api.request('tab/get-site', {
    ...(tabId !== undefined ? { tabId } : {}),
    ...(windowId !== undefined ? { windowId } : {}),
  });
  await panel.start(found.ok ? found.data : null);
}
