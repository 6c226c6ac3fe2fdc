// ## Owns
// Building the worker's real stores: chats in IndexedDB, settings in
// chrome.storage.local, run traces in their own IndexedDB, the sealed profile. The composition root
// (main.ts) calls this once.
import { createChromeLocalArea } from '../platform/storage-access';
import { IndexedDbChatStore } from './chats.store';
import { createMemoryService, type MemoryService } from '../memory/memory-service';
import { createMemoryStore } from './memory.store';
import { createSessionTransfer, type SessionTransfer } from './session-transfer';
import { KeyValueSettingsStore } from './settings.store';
import { DATABASE_NAMES } from './storage-keys';
import type { ChatStore, SettingsStore } from './store-contracts';
import { createTracesStore, type TracesStore } from '../traces/traces.store';
import type { ProfileVault } from '../profile/profile-vault';
import { getWorkerProfileVault } from '../profile/worker-profile';

/** The worker's persistent stores. */
export interface Stores {
  readonly chats: ChatStore;
  readonly settings: SettingsStore;
  /** Export and import of chats (Settings → Sessions). */
  readonly transfer: SessionTransfer;
  /** User memory (Settings → Memory, slash commands, the run's memory block). */
  readonly memory: MemoryService;
  /** Recorded run traces (the Traces page; opt-in in Settings → Traces). */
  readonly traceStore: TracesStore;
  /** The encrypted profile (Settings → Profile, fill_from_profile, the run's profile note). */
  readonly profile: ProfileVault;
}

/** Options for {@link createStores}; defaults are the browser's APIs. */
export interface CreateStoresOptions {
  readonly indexedDB?: IDBFactory;
  readonly onProblem?: (problem: string) => void;
}

/** Creates the stores over the browser's IndexedDB and chrome.storage.local. */
export function createStores(options: CreateStoresOptions = {}): Stores {
  const onProblem =
    options.onProblem ?? ((problem: string) => console.warn(`[side-agent storage] ${problem}`));
  const chats = new IndexedDbChatStore({
    factory: options.indexedDB ?? indexedDB,
    name: DATABASE_NAMES.chats,
    onProblem,
  });
  const settings = new KeyValueSettingsStore({ area: createChromeLocalArea(), onProblem });
  const memory = createMemoryService({
    store: createMemoryStore({
      factory: options.indexedDB ?? indexedDB,
      databaseName: DATABASE_NAMES.chats,
      area: createChromeLocalArea(),
      onProblem,
    }),
  });
  const traceStore = createTracesStore({
    factory: options.indexedDB ?? indexedDB,
    databaseName: DATABASE_NAMES.traces,
    area: createChromeLocalArea(),
  });
  return {
    chats,
    settings,
    transfer: createSessionTransfer(chats),
    memory,
    traceStore,
    profile: getWorkerProfileVault(),
  };
}
