// Builds site access over the real browser and adds its listeners: the store in
// chrome.storage.local, the session records in chrome.storage.session, the toolbar
// button, and the tab and permission events that end grants. Called once from
// main.ts, synchronously, so the event that woke the worker reaches the listeners.
import { createChromeLocalArea } from '../platform/storage-access';
import {
  createSessionArea,
  createSiteAccessBrowser,
  watchSiteAccessEvents,
} from '../platform/site-access-browser';
import { configureSidePanel } from '../platform/side-panel';
import type { SettingsStore } from '../storage/store-contracts';
import { AllowedSitesStore } from '../storage/allowed-sites';
import { getWorkerIntegrationService } from '../integrations/worker-integrations';
import { hostPatternOf } from './host-patterns';
import { createSessionRecords } from './session-records';
import { createSiteAccess, type RunsOnTabs, type SiteAccessService } from './site-access-service';

export interface StartSiteAccessDeps {
  readonly settings: SettingsStore;
  readonly runs: RunsOnTabs;
  readonly announce: (tabId: number | null) => void;
}

/** Host patterns the person's model endpoints and integrations need from the browser. */
async function patternsInUse(settings: SettingsStore): Promise<string[]> {
  const integrations = getWorkerIntegrationService();
  const [view, tools, servers] = await Promise.all([
    settings.view(),
    integrations.listCustomTools(),
    integrations.listMcpServers(),
  ]);
  return [
    ...view.models.map((model) => model.baseUrl),
    ...tools.tools.map((tool) => tool.endpoint),
    ...servers.servers.map((server) => server.url),
  ].flatMap((url) => hostPatternOf(url) ?? []);
}

export function startSiteAccess(deps: StartSiteAccessDeps): SiteAccessService {
  const siteAccess = createSiteAccess({
    store: new AllowedSitesStore({
      area: createChromeLocalArea(),
      onProblem: (problem) => console.warn(`[side-agent sites] ${problem}`),
    }),
    sessionRecords: createSessionRecords(createSessionArea()),
    platform: createSiteAccessBrowser(),
    patternsInUse: () => patternsInUse(deps.settings),
    runs: deps.runs,
    announce: deps.announce,
  });
  configureSidePanel((tab) => {
    if (tab.id !== undefined) void siteAccess.actionClicked(tab.id, tab.url).catch(() => undefined);
  });
  watchSiteAccessEvents({
    tabChanged: (tabId, url) => siteAccess.tabChanged(tabId, url),
    tabLoaded: (tabId) => siteAccess.tabLoaded(tabId),
    permissionsChanged: () => siteAccess.reconcile(),
  });
  return siteAccess;
}
