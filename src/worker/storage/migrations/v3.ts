// Schema step 3: the recovery journals join the chats database, so
// one worker-owned database, one upgrade path and one versionchange transaction cover
// them. Metadata and bodies are separate stores: listing and retention read small
// records and never load a document copy.
import type { IDBPDatabase } from 'idb';
import type { ChatDbSchema } from '../chat-db-schema';

/** Creates the revert-checkpoint and document-snapshot stores (src/worker/recovery/recovery-db.ts types them). */
export function migrateToV3(db: IDBPDatabase<ChatDbSchema>): void {
  // The chats schema type does not know these stores; the recovery module owns their shape.
  const raw = db as unknown as IDBPDatabase;
  const checkpoints = raw.createObjectStore('checkpoints', { keyPath: 'id' });
  // Durable order within a chat: the cascade walks a chat's checkpoints by [sessionId, seq].
  checkpoints.createIndex('by-session-seq', ['sessionId', 'seq']);
  raw.createObjectStore('checkpoint-bodies', { keyPath: 'id' });
  const snapshots = raw.createObjectStore('snapshots', { keyPath: 'id' });
  snapshots.createIndex('by-scope-file', ['scopeKey', 'fileLabel']);
  raw.createObjectStore('snapshot-bodies', { keyPath: 'id' });
}
