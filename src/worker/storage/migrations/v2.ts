// Schema step 2: search text moves out of session records into its own store, so a
// saved turn no longer rewrites up to 4,000 characters of search text every time
// (bytes written per turn is then about the turn itself; bench/storage.bench.ts).
import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { ChatDbSchema } from '../chat-db-schema';

type UpgradeTransaction = IDBPTransaction<
  ChatDbSchema,
  StoreNames<ChatDbSchema>[],
  'versionchange'
>;

/** Creates the search store and moves v1 `searchText` fields into it. */
export async function migrateToV2(
  db: IDBPDatabase<ChatDbSchema>,
  tx: UpgradeTransaction,
): Promise<void> {
  db.createObjectStore('search', { keyPath: 'sessionId' });
  const search = tx.objectStore('search');
  let cursor = await tx.objectStore('sessions').openCursor();
  while (cursor) {
    const { searchText, searchTailSeq, searchTailStart, ...session } =
      cursor.value as unknown as Record<string, unknown>;
    if (typeof searchText === 'string' && searchText !== '') {
      await search.put({
        sessionId: cursor.value.id,
        text: searchText,
        tailSeq: typeof searchTailSeq === 'number' ? searchTailSeq : -1,
        tailStart: typeof searchTailStart === 'number' ? searchTailStart : 0,
      });
    }
    if (searchText !== undefined || searchTailSeq !== undefined || searchTailStart !== undefined)
      await cursor.update(session as never);
    cursor = await cursor.continue();
  }
}
