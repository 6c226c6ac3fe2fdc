// Wires inline completion to the worker's real parts: settings, the site serving a
// tab, page requests, the one-shot model call and the local figures in
// chrome.storage.local. The worker agent starts it once per worker instance; the page
// and settings handlers reach it through `completionSignal` and `completionSummary`.
import { askModelOnce, type OneShotModelDeps } from '../agent/one-shot-model';
import type { PageRequests } from '../page-requests';
import { createChromeLocalArea } from '../platform/storage-access';
import type { FetchLike } from '../providers/model-adapter';
import { getModelAdapter } from '../providers/provider-registry';
import { workerSiteOf } from '../sites/worker-sites';
import { STORAGE_KEYS } from '../storage/storage-keys';
import type { SettingsStore } from '../storage/store-contracts';
import { findTabSite } from '../tab-sites';
import { createCompletionService, type CompletionService } from './completion-service';
import {
  createCompletionStats,
  summarize,
  type CompletionStats,
  type CompletionStatsSummary,
} from './completion-stats';
import type { CompletionSignal } from '../../shared/protocol/completion-events';

interface RunningCompletion {
  readonly service: CompletionService;
  readonly stats: CompletionStats;
}

let running: RunningCompletion | null = null;

/** Hands a page's typing signal to the running completion service (none before start). */
export function completionSignal(tabId: number, signal: CompletionSignal): void {
  running?.service.signal(tabId, signal);
}

/** The local figures Settings shows. */
export function completionSummary(): Promise<CompletionStatsSummary> {
  return running
    ? running.stats.summary()
    : Promise.resolve(summarize({ shown: 0, accepted: 0, dismissed: 0, latenciesMs: [] }));
}

export function startCompletion(deps: {
  settings: SettingsStore;
  pages: PageRequests;
  /** The person's day token limit; ghost texts spend from the same day as runs. */
  spend?: OneShotModelDeps['spend'];
}): RunningCompletion {
  const area = createChromeLocalArea();
  // Bound once: an unbound fetch throws "Illegal invocation" in workers.
  const fetchFn: FetchLike = (url, init) => fetch(url, init);
  const stats = createCompletionStats({
    load: () => area.get(STORAGE_KEYS.completionStats),
    save: (record) => area.set(STORAGE_KEYS.completionStats, record),
  });
  const service = createCompletionService({
    general: () => deps.settings.general(),
    completionOf: async (tabId) => {
      const tab = await findTabSite(tabId);
      return tab?.siteId ? (workerSiteOf(tab.siteId).completion ?? null) : null;
    },
    page: (tabId, signal) => ({
      tabId,
      signal,
      request: (method, payload) => deps.pages.request(tabId, method, payload, { signal }),
    }),
    ask: (request, signal) =>
      askModelOnce(
        {
          settings: deps.settings,
          adapterFor: getModelAdapter,
          fetch: fetchFn,
          ...(deps.spend ? { spend: deps.spend } : {}),
        },
        request,
        signal,
      ),
    stats,
    onProblem: (code, message) => console.warn(`[side-agent completion] ${code}: ${message}`),
  });
  running = { service, stats };
  return running;
}
