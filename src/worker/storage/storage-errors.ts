// ## Owns
// What a failed storage operation tells the user. A quota failure and any other write
// failure both say plainly that the change was not saved, and the
// transaction is aborted so nothing half-written remains and later writes proceed.
import { ProtocolFailure } from '../../shared/protocol/envelope';

const isQuotaError = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  'name' in error &&
  (error as { name: unknown }).name === 'QuotaExceededError';

const describe = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 300);

/** Maps a write failure to STORAGE_QUOTA_EXCEEDED or STORAGE_WRITE_FAILED (ProtocolFailures pass through). */
export function toWriteFailure(error: unknown): ProtocolFailure {
  if (error instanceof ProtocolFailure) return error;
  if (isQuotaError(error)) {
    return new ProtocolFailure(
      'STORAGE_QUOTA_EXCEEDED',
      'Browser storage is full, so this change was not saved. Export or delete old chats to free space, then try again.',
    );
  }
  return new ProtocolFailure(
    'STORAGE_WRITE_FAILED',
    `This change was not saved: ${describe(error)}`,
  );
}

/** Maps a read failure to STORAGE_READ_FAILED (ProtocolFailures pass through). */
export function toReadFailure(error: unknown): ProtocolFailure {
  if (error instanceof ProtocolFailure) return error;
  return new ProtocolFailure(
    'STORAGE_READ_FAILED',
    `Stored chats could not be read: ${describe(error)}`,
  );
}

/** Thrown when a chat id is unknown (deleted in another panel, or never created). */
export const sessionNotFound = (sessionId: string): ProtocolFailure =>
  new ProtocolFailure(
    'SESSION_NOT_FOUND',
    'That chat no longer exists; it may have been deleted in another panel.',
    { sessionId },
  );
