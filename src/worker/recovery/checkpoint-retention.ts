// ## Owns
// Which checkpoints to drop when the journal is over its entry or byte budget: reverted tombstones first, then the oldest; in-flight entries (prepared,
// reverting) are protected unless stale, and the entry being written never is a victim.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { CheckpointMeta } from './recovery-db';
import {
  IN_FLIGHT_PROTECTION_MS,
  MAX_CHECKPOINTS,
  MAX_CHECKPOINT_BODY_CHARS,
} from './recovery-limits';

/** Budget of {@link checkpointVictims}. */
export interface CheckpointBudget {
  readonly maxEntries?: number;
  readonly maxBodyChars?: number;
  readonly inFlightMs?: number;
}

/**
 * The ids to delete so that `entries` (which already include the incoming version of
 * `keepId`) fit the budget. Throws EDIT_CHECKPOINT_TOO_LARGE when `keepId` alone is over
 * the byte budget, EDIT_CHECKPOINT_HISTORY_BUSY when only protected entries remain.
 */
export function checkpointVictims(
  entries: readonly CheckpointMeta[],
  keepId: string,
  now: number,
  budget: CheckpointBudget = {},
): string[] {
  const maxEntries = budget.maxEntries ?? MAX_CHECKPOINTS;
  const maxChars = budget.maxBodyChars ?? MAX_CHECKPOINT_BODY_CHARS;
  const inFlightMs = budget.inFlightMs ?? IN_FLIGHT_PROTECTION_MS;
  const own = entries.find((entry) => entry.id === keepId);
  if (own && own.bodyChars > maxChars) {
    throw new ProtocolFailure(
      'EDIT_CHECKPOINT_TOO_LARGE',
      'This edit is too large to keep a revert copy, so it was not applied.',
      { bodyChars: own.bodyChars, maxChars },
    );
  }
  let count = entries.length;
  let chars = entries.reduce((sum, entry) => sum + entry.bodyChars, 0);
  const isProtected = (entry: CheckpointMeta) =>
    entry.id === keepId ||
    ((entry.status === 'prepared' || entry.status === 'reverting') &&
      now - entry.updatedAt < inFlightMs);
  const byAge = [...entries].sort((a, b) => a.seq - b.seq);
  const candidates = [
    ...byAge.filter((entry) => entry.status === 'reverted'),
    ...byAge.filter((entry) => entry.status !== 'reverted'),
  ].filter((entry) => !isProtected(entry));
  const victims: string[] = [];
  for (const candidate of candidates) {
    if (count <= maxEntries && chars <= maxChars) break;
    victims.push(candidate.id);
    count -= 1;
    chars -= candidate.bodyChars;
  }
  if (count > maxEntries || chars > maxChars) {
    throw new ProtocolFailure(
      'EDIT_CHECKPOINT_HISTORY_BUSY',
      'Other edits are still being applied or reverted, so no revert copy could be kept; the edit was not applied.',
    );
  }
  return victims;
}
