// Composition root of the MV3 service worker: builds services and wires handlers.
// It decides nothing (house style rule 1). Startup order matters: listeners are
// registered synchronously first, because Chrome delivers the message that woke
// the worker right after the top-level script runs.
import { createId } from '../shared/lib/ids';
import { createEmitter } from '../shared/protocol/client';
import { workerToPanel } from '../shared/protocol/worker-to-panel';
import { createRequestRouter, createEventRouter } from '../shared/protocol/router';
import { panelToWorker } from '../shared/protocol/panel-to-worker';
import { pageToWorker } from '../shared/protocol/page-to-worker';
import { createPanelHandlers } from './handlers/panel-to-worker.handlers';
import { createPageHandlers } from './handlers/page-to-worker.handlers';
import { createWorkerAgent } from './agent/worker-agent';
import { createPageRequests } from './page-requests';
import { createFrameDirectory } from './pages/frame-directory';
import { discoverFrames } from './platform/frame-discovery';
import { createTabsTransport } from './platform/tabs-transport';
import { createPanelPorts, listenForRuntimeMessages } from './platform/runtime-messaging';
import { injectIntoOpenTabs } from './platform/main-world-registration';
import { watchTabSites } from './platform/tab-events';
import { startSiteAccess } from './site-access/start-site-access';
import { provideAccessFacts } from './site-access/current-access';
import { startQuickAttach } from './platform/quick-attach-platform';
import { platformFetch } from './platform/fetch';
import { restrictStorageToTrustedContexts } from './platform/storage-access';
import { createStores } from './storage/create-stores';
import { DATABASE_NAMES } from './storage/storage-keys';
import { createRecoveryService } from './recovery/recovery-service';
import { createLiveDocumentPort } from './recovery/live-document';
import { findTabSite } from './tab-sites';
import { setBuiltinToolNames } from './integrations/worker-integrations';
import { BUILTIN_TOOLS } from './tools/builtin-tools';
import { publishDiagnostics } from './diagnostics';
import { createJobsWiring } from './jobs/start-jobs';

export function main(): void {
  const instanceId = createId();
  const startedAt = Date.now();
  // Settings hold API keys: every reader of local storage waits for this restriction.
  const storageAccess = restrictStorageToTrustedContexts();
  // Every page request first asks site access whether the bridge may run there
  // (`siteAccess` is built below; nothing requests a page before main returns).
  const pages = createPageRequests(createTabsTransport, (target) => siteAccess.admit(target));
  const frames = createFrameDirectory(discoverFrames);
  const panelPorts = createPanelPorts();
  const quickAttach = startQuickAttach(panelPorts, pages, () => stores.settings.general());
  const stores = createStores();
  // Custom tool names are checked against the packaged ones when saved, not only per run.
  setBuiltinToolNames(() => BUILTIN_TOOLS.map((tool) => tool.name));
  // Recovery shares the chats database; `agent` is read only when called.
  const recovery = createRecoveryService({
    factory: indexedDB,
    databaseName: DATABASE_NAMES.chats,
    chats: stores.chats,
    page: createLiveDocumentPort(pages),
    siteOf: findTabSite,
    isRunActive: (scope, sessionId) => agent.status(scope, sessionId) !== null,
    onProblem: (problem) => console.warn(`[side-agent recovery] ${problem}`),
  });
  // Scheduled runs report through the same events the panel gets (start-jobs.ts).
  const jobs = createJobsWiring(panelPorts);
  const agent = createWorkerAgent({ ...stores, pages, frames, events: jobs.events, recovery });
  const panelEvents = createEmitter(workerToPanel, panelPorts);
  const siteAccess = startSiteAccess({
    settings: stores.settings,
    runs: {
      active: () => agent.activeRuns(),
      stop: (runId, message) => void agent.stopWithNotice(runId, message, 'PAGE_NOT_GRANTED'),
    },
    announce: (tabId) => void panelEvents.emit('sites/changed', { tabId }).catch(() => undefined),
  });

  // Trusted input asks the same question the bridge does, over the same facts.
  provideAccessFacts(siteAccess.facts);

  listenForRuntimeMessages({
    panel: createRequestRouter(
      panelToWorker,
      createPanelHandlers({
        instanceId,
        startedAt,
        version: chrome.runtime.getManifest().version,
        pages,
        ...stores,
        sessionTransfer: stores.transfer,
        fetch: platformFetch,
        agent,
        recovery,
        siteAccess,
        jobs: jobs.start(agent, stores.chats),
      }),
    ),
    page: createEventRouter(
      pageToWorker,
      createPageHandlers({
        quickAttach,
        frameReady: (tabId, report) => void frames.record(tabId, report),
        runs: agent,
      }),
    ),
  });
  watchTabSites(panelPorts, (tabId) => frames.forget(tabId));
  // Self-heal on every fresh worker instance, not only onInstalled: the
  // registration may be stale and tabs may predate this extension version.
  const startup = (async () => ({
    storageAccess: await storageAccess,
    registration: await siteAccess.reconcile(),
    injections: await injectIntoOpenTabs((tabId, url) => siteAccess.placementAt(tabId, url)),
  }))();
  // Runs a previous worker instance left mid-run go on (or end with the reason they
  // cannot), once this instance repaired its page registration.
  void agent.reconcile(startup).catch(() => undefined);
  publishDiagnostics({
    instanceId,
    startup,
    // Commits, reverts and restores a previous instance left mid-way are reconciled
    // against the live document; unreachable tabs at the chat's next recovery action.
    recovery: recovery.startup(),
  });
}
