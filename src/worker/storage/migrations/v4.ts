// Schema step 4: user memory joins the chats database, so the worker's one
// database, one upgrade path and one versionchange transaction cover it too.
// Records are few (hundreds at most) and always read whole, so one store keyed by
// id without indexes is enough.
import type { IDBPDatabase } from 'idb';
import type { ChatDbSchema } from '../chat-db-schema';

/** Creates the memory store (src/worker/storage/memory.store.ts types it). */
export function migrateToV4(db: IDBPDatabase<ChatDbSchema>): void {
  // The chats schema type does not know this store; the memory store owns its shape.
  (db as unknown as IDBPDatabase).createObjectStore('memories', { keyPath: 'id' });
}
