// Schema step 1: sessions (by scope and recency) and turns (keyed by [sessionId, seq]).
// One file per step: a released step is never edited, the next one is added beside it.
import type { IDBPDatabase } from 'idb';
import type { ChatDbSchema } from '../chat-db-schema';

/** Creates the v1 object stores and indexes on an empty database. */
export function migrateToV1(db: IDBPDatabase<ChatDbSchema>): void {
  const sessions = db.createObjectStore('sessions', { keyPath: 'id' });
  sessions.createIndex('by-scope-updated', ['scopeKey', 'updatedAt']);
  sessions.createIndex('by-updated', 'updatedAt');
  const turns = db.createObjectStore('turns', { keyPath: ['sessionId', 'seq'] });
  // Unique: a turn id names one turn of a chat, so "replace assistant turn by id" is exact.
  turns.createIndex('by-turn-id', ['sessionId', 'turnId'], { unique: true });
}
