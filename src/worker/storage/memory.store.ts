// ## Owns
// User memory at rest: the records in the chats database (schema step 4,
// migrations/v4.ts) and the memory settings in chrome.storage.local
// (`memory.settings.v1`). Reads validate every record and skip damaged ones, so
// one bad record never hides the others.
// ## Never
// Decides what may be remembered: src/worker/memory/normalize-memory.ts does.
import type { DBSchema, IDBPDatabase } from 'idb';
import {
  DEFAULT_MEMORY_SETTINGS,
  MemoryRecordSchema,
  MemorySettingsSchema,
  type MemoryRecord,
  type MemorySettings,
} from '../../shared/protocol/memory-messages';
import { openChatDatabase } from './chat-db';
import { inRead, inWriteTransaction, lazyConnection } from './idb-access';
import type { KeyValueArea } from './key-value-area';
import { STORAGE_KEYS } from './storage-keys';

interface MemoryDbSchema extends DBSchema {
  memories: { key: string; value: MemoryRecord };
}

/** Where memory lives; every method may reject with a STORAGE_* failure. */
export interface MemoryStore {
  /** Every valid record (archived ones too), oldest first. */
  list(): Promise<MemoryRecord[]>;
  /** Adds or replaces records in one transaction. */
  put(records: readonly MemoryRecord[]): Promise<void>;
  delete(id: string): Promise<boolean>;
  /** Deletes every record; returns how many there were. */
  clear(): Promise<number>;
  settings(): Promise<MemorySettings>;
  saveSettings(settings: MemorySettings): Promise<MemorySettings>;
}

/** Options for {@link createMemoryStore}. */
export interface MemoryStoreOptions {
  readonly factory: IDBFactory;
  readonly databaseName: string;
  readonly area: KeyValueArea;
  readonly onProblem?: (problem: string) => void;
}

/** The memory store over IndexedDB and a key-value area. */
export function createMemoryStore(options: MemoryStoreOptions): MemoryStore {
  // The chat store's opener runs every migration; this view only retypes the connection.
  const db = lazyConnection(
    (onClosed) =>
      openChatDatabase({
        factory: options.factory,
        name: options.databaseName,
        onClosed,
      }) as unknown as Promise<IDBPDatabase<MemoryDbSchema>>,
  );
  return {
    list: () =>
      inRead(db(), async (connection) => {
        const stored = await connection.getAll('memories');
        const records = stored.flatMap((value) => {
          const parsed = MemoryRecordSchema.safeParse(value);
          if (!parsed.success) options.onProblem?.('skipped a damaged memory record');
          return parsed.success ? [parsed.data] : [];
        });
        return records.sort((left, right) => left.createdAt - right.createdAt);
      }),
    put: (records) =>
      inWriteTransaction(db(), ['memories'], async (tx) => {
        for (const record of records) await tx.objectStore('memories').put(record);
      }),
    delete: (id) =>
      inWriteTransaction(db(), ['memories'], async (tx) => {
        const store = tx.objectStore('memories');
        const found = (await store.getKey(id)) !== undefined;
        if (found) await store.delete(id);
        return found;
      }),
    clear: () =>
      inWriteTransaction(db(), ['memories'], async (tx) => {
        const store = tx.objectStore('memories');
        const count = await store.count();
        await store.clear();
        return count;
      }),
    settings: async () => {
      const parsed = MemorySettingsSchema.safeParse(
        await options.area.get(STORAGE_KEYS.memorySettings),
      );
      return parsed.success ? parsed.data : DEFAULT_MEMORY_SETTINGS;
    },
    saveSettings: async (settings) => {
      const valid = MemorySettingsSchema.parse(settings);
      await options.area.set(STORAGE_KEYS.memorySettings, valid);
      return valid;
    },
  };
}
