// The public metadata of a stored session: bookkeeping fields stripped, and the
// result validated, because a record read back from IndexedDB may be damaged.
import { SessionMetaSchema, type SessionMeta } from '../../shared/protocol/chat-records';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { SessionRecord } from './chat-db-schema';

/** Strips bookkeeping and validates; null for a corrupt record. */
export function toSessionMeta(record: SessionRecord | undefined): SessionMeta | null {
  if (!record) return null;
  const parsed = SessionMetaSchema.safeParse({
    id: record.id,
    scope: record.scope,
    name: record.name,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    userRenamed: record.userRenamed,
    turnCount: record.turnCount,
    approxBytes: record.approxBytes,
    preview: record.preview,
  });
  return parsed.success ? parsed.data : null;
}

/** Throws SESSION_RECORD_INVALID for a session record that failed validation. */
export function sessionMetaFailure(sessionId: string): never {
  throw new ProtocolFailure('SESSION_RECORD_INVALID', 'This chat record is damaged.', {
    sessionId,
  });
}
