// ## Owns
// The agent core as the real worker runs it: providers from the registry, the
// built-in tools, the browser's fetch, the keep-alive lease, the session-storage
// run journal and auto-naming. main.ts passes the stores, page requests and the
// panel event transport. It also keeps the recent model calls for "Copy diagnostics".
import type { EventTransport } from '../../shared/protocol/client';
import type { PageRequests } from '../page-requests';
import type { FrameDirectory } from '../pages/frame-directory';
import { captureVisibleTab } from '../platform/capture-visible-tab';
import { createKeepAlive } from '../platform/keep-alive';
import { createSessionRunJournal } from '../platform/keep-alive-run-journal';
import type { FetchLike } from '../providers/model-adapter';
import { getModelAdapter } from '../providers/provider-registry';
import type { ChatStore, SettingsStore } from '../storage/store-contracts';
import { findTabSite } from '../tab-sites';
import { BUILTIN_TOOLS } from '../tools/builtin-tools';
import { createToolRegistry } from '../tools/tool-registry';
import { getWorkerIntegrationService } from '../integrations/worker-integrations';
import { createAgentCore } from './agent-core';
import { createSpendGuard } from './budget/spend-guard';
import { createDaySpend } from './budget/day-spend';
import { createChromeLocalArea } from '../platform/storage-access';
import { createAutoNamer } from './auto-name';
import { startCompletion } from '../completion/start-completion';
import type { EditHooks } from '../documents/edit-hooks';
import type { RunMemory, RunRecoveryHooks } from './run-context';
import { createAutoLearner, type LearnMemory } from '../memory/auto-learn';
import { createTraceStarter } from '../traces/trace-recorder';
import type { TracesStore } from '../traces/traces.store';
import { withProfileNote } from '../profile/profile-note';
import type { ProfileVault } from '../profile/profile-vault';
import { createRecentActivity, type RecentActivity } from '../bug-report/recent-activity';

export interface WorkerAgentDeps {
  readonly chats: ChatStore;
  readonly settings: SettingsStore;
  readonly pages: PageRequests;
  readonly events: EventTransport;
  readonly frames?: FrameDirectory;
  /** User memory: each run carries the block for its site; auto-learn adds to it. */
  readonly memory?: RunMemory & LearnMemory;
  /** The revert journal's edit hooks and the snapshot run hooks (src/worker/recovery). */
  readonly recovery?: { readonly editHooks: EditHooks; readonly run: RunRecoveryHooks };
  /** Where run traces go (src/worker/traces); recorded only when the person turned it on. */
  readonly traceStore?: TracesStore;
  /** The encrypted profile: runs are told which entries they may fill (keys only). */
  readonly profile?: ProfileVault;
}

export function createWorkerAgent(deps: WorkerAgentDeps) {
  // Bound once: an unbound fetch throws "Illegal invocation" in workers.
  const fetchFn: FetchLike = (url, init) => fetch(url, init);
  const { recovery, profile, ...rest } = deps;
  const stores =
    profile && rest.memory ? { ...rest, memory: withProfileNote(rest.memory, profile) } : rest;
  // Inline completion shares the worker's settings, page requests and spend, not a run.
  // One guard for the worker: every model call counts in the same day, written in turn.
  const spend = createSpendGuard(deps.settings, createDaySpend(createChromeLocalArea()));
  startCompletion({ settings: deps.settings, pages: deps.pages, spend });
  // "Copy diagnostics" reads the recent model calls of this worker's runs from here.
  const recentActivity: RecentActivity = createRecentActivity();
  const core = createAgentCore({
    spend,
    ...stores,
    tabs: { siteOf: (tabId) => findTabSite(tabId) },
    capture: captureVisibleTab,
    adapterFor: getModelAdapter,
    fetch: fetchFn,
    registry: createToolRegistry(BUILTIN_TOOLS),
    ...(recovery ? { documentHooks: recovery.editHooks } : {}),
    ...(recovery ? { recovery: recovery.run } : {}),
    integrations: getWorkerIntegrationService(),
    journal: createSessionRunJournal(),
    traces: recentActivity.watch(
      deps.traceStore
        ? createTraceStarter({
            store: deps.traceStore,
            onProblem: (problem) => console.warn(`[side-agent traces] ${problem}`),
          })
        : undefined,
    ),
    keepAlive: createKeepAlive(),
    ...(deps.memory
      ? {
          learn: createAutoLearner({
            memory: deps.memory,
            settings: deps.settings,
            adapterFor: getModelAdapter,
            fetch: fetchFn,
            spend,
          }),
        }
      : {}),
    autoName: createAutoNamer({
      chats: deps.chats,
      settings: deps.settings,
      adapterFor: getModelAdapter,
      fetch: fetchFn,
      spend,
    }),
  });
  return Object.assign(core, { recentActivity });
}
