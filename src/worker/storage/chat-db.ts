// ## Owns
// Opening the chats database: running each schema step once, in order, and closing
// promptly when another context upgrades. The worker is the only opener.
// ## Why the factory is injected
// Tests pass `new IDBFactory()` from fake-indexeddb per test for isolation; the
// worker passes the global `indexedDB`.
import { wrap, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import type { ChatDbSchema } from './chat-db-schema';
import { migrateToV1 } from './migrations/v1';
import { migrateToV2 } from './migrations/v2';
import { migrateToV3 } from './migrations/v3';
import { migrateToV4 } from './migrations/v4';

type UpgradeTransaction = IDBPTransaction<
  ChatDbSchema,
  StoreNames<ChatDbSchema>[],
  'versionchange'
>;
type Migration = (db: IDBPDatabase<ChatDbSchema>, tx: UpgradeTransaction) => void | Promise<void>;

/** Schema steps in order; the database version equals the number of steps. */
const MIGRATIONS: readonly Migration[] = [migrateToV1, migrateToV2, migrateToV3, migrateToV4];

/** The current schema version. */
export const CHAT_DB_VERSION = MIGRATIONS.length;

/** Options for {@link openChatDatabase}. */
export interface OpenChatDatabaseOptions {
  readonly factory: IDBFactory;
  readonly name: string;
  /** Called when another connection blocks an upgrade (reported, not fatal). */
  readonly onBlocked?: () => void;
  /** Called after this connection closed itself for another context's upgrade. */
  readonly onClosed?: () => void;
}

/**
 * Opens (creating or upgrading) the chats database. Each migration whose version is
 * above the stored one runs inside the single versionchange transaction, so a crash
 * mid-upgrade leaves the old version intact.
 */
export function openChatDatabase(
  options: OpenChatDatabaseOptions,
): Promise<IDBPDatabase<ChatDbSchema>> {
  const request = options.factory.open(options.name, CHAT_DB_VERSION);
  request.addEventListener('upgradeneeded', (event) => {
    const db = wrap(request.result) as unknown as IDBPDatabase<ChatDbSchema>;
    const tx = wrap(request.transaction as IDBTransaction) as unknown as UpgradeTransaction;
    // Steps run in order inside the versionchange transaction; a failing step aborts
    // it, so the open fails and the stored data stays at the old version.
    void (async () => {
      for (let version = event.oldVersion + 1; version <= CHAT_DB_VERSION; version += 1)
        await MIGRATIONS[version - 1]?.(db, tx);
    })().catch(() => {
      try {
        tx.abort();
      } catch {
        // Already finished: the open request reports the failure.
      }
    });
  });
  request.addEventListener('blocked', () => options.onBlocked?.());
  return (wrap(request) as unknown as Promise<IDBPDatabase<ChatDbSchema>>).then((db) => {
    // Another context wants a newer schema: let it proceed; the next call reopens.
    db.addEventListener('versionchange', () => {
      db.close();
      options.onClosed?.();
    });
    db.addEventListener('close', () => options.onClosed?.());
    return db;
  });
}
