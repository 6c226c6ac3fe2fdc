// ## Owns
// The shape of the chats database: object stores, indexes and the records in them.
// ## Why two stores
// A chat is a small session record plus one record per turn, keyed by
// [sessionId, seq], plus a bounded search record. Saving a turn writes that turn and the session record, never the
// whole chat.
import type { DBSchema } from 'idb';
import type { ChatTurn, SessionMeta } from '../../shared/protocol/chat-records';

/** A session as stored: the public metadata plus bookkeeping the panel never sees. */
export interface SessionRecord extends SessionMeta {
  /** `JSON.stringify([siteId, projectId])`, so `null` and `''` projects stay distinct. */
  readonly scopeKey: string;
  /** The next turn sequence number; allocated inside the write transaction. */
  readonly nextSeq: number;
  /** Turns up to this seq already had optional data trimmed (compaction resumes after it). */
  readonly compactedThroughSeq: number;
}

/** One turn as stored. `bytes` is its approximate serialized size. */
export interface TurnRecord {
  readonly sessionId: string;
  readonly seq: number;
  readonly turnId: string;
  readonly bytes: number;
  readonly turn: ChatTurn;
}

/**
 * Lower-cased early chat text for cross-project search (names match separately). Kept
 * apart from the session record so a save rewrites it only while it still grows.
 */
export interface SearchRecord {
  readonly sessionId: string;
  readonly text: string;
  /** Seq of the turn whose text ends `text`, and where that text starts. */
  readonly tailSeq: number;
  readonly tailStart: number;
}

/** The idb schema of the chats database (current version). */
export interface ChatDbSchema extends DBSchema {
  sessions: {
    key: string;
    value: SessionRecord;
    indexes: { 'by-scope-updated': [string, number]; 'by-updated': number };
  };
  turns: {
    key: [string, number];
    value: TurnRecord;
    indexes: { 'by-turn-id': [string, string] };
  };
  search: {
    key: string;
    value: SearchRecord;
  };
}

/** Store names, so call sites cannot misspell them. */
export const SESSIONS = 'sessions' as const;
export const TURNS = 'turns' as const;
/** Every store a chat write touches, in one transaction. */
export const CHAT_STORES = ['sessions', 'turns', 'search'] as const;

/** The scope key stored on session records and used by the scope index. */
export const scopeKeyOf = (scope: { siteId: string; projectId: string | null }): string =>
  JSON.stringify([scope.siteId, scope.projectId]);
