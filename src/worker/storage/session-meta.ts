// The public metadata of a stored session: bookkeeping fields stripped, and the
// result validated, because a record read back from IndexedDB may be damaged.
import { AgentModeSchema } from '../../shared/protocol/agent-modes';
import {
  ApiWritesSchema,
  SessionMetaSchema,
  type SessionMeta,
} from '../../shared/protocol/chat-records';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { SessionRecord } from './chat-db-schema';

/**
 * Strips bookkeeping and validates; null for a corrupt record. A damaged agent mode
 * alone does not lose the chat: the chat opens in Ask, the mode that does least.
 */
export function toSessionMeta(record: SessionRecord | undefined): SessionMeta | null {
  if (!record) return null;
  const mode = AgentModeSchema.safeParse(record.agentMode);
  // A damaged leave for network writes is dropped: writes are then refused, never allowed.
  const writes = ApiWritesSchema.safeParse(record.apiWrites);
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
    ...(mode.success ? { agentMode: mode.data } : {}),
    ...(writes.success ? { apiWrites: writes.data } : {}),
  });
  return parsed.success ? parsed.data : null;
}

/** Throws SESSION_RECORD_INVALID for a session record that failed validation. */
export function sessionMetaFailure(sessionId: string): never {
  throw new ProtocolFailure('SESSION_RECORD_INVALID', 'This chat record is damaged.', {
    sessionId,
  });
}
