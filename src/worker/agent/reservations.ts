// ## Owns
// Run admission before a run exists: reservations with their exact
// identity, the one-run-per-(scope, chat) rule, and pre-start cancel tombstones.
// Pure bookkeeping with an injected clock; the agent core owns the active runs and
// passes them in as `isSessionBusy`.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { RunIdentity } from '../../shared/protocol/run-messages';
import {
  MAX_RESERVATIONS,
  MAX_TOMBSTONES,
  RESERVATION_TTL_MS,
  TOMBSTONE_TTL_MS,
} from './run-limits';

/** The (scope, chat) a run belongs to, as one map key. */
export const sessionKeyOf = (identity: RunIdentity) =>
  JSON.stringify([identity.scope.siteId, identity.scope.projectId, identity.sessionId]);

const sameIdentity = (left: RunIdentity, right: RunIdentity) =>
  left.tabId === right.tabId &&
  left.sessionId === right.sessionId &&
  left.scope.siteId === right.scope.siteId &&
  left.scope.projectId === right.scope.projectId;

interface Reservation {
  readonly identity: RunIdentity;
  readonly expiresAt: number;
}

/** Outcome of `take`: the reservation, or a tombstone saying the run was cancelled first. */
export type TakeResult = { kind: 'reserved'; identity: RunIdentity } | { kind: 'cancelled' };

export interface ReservationOptions {
  readonly now?: () => number;
  readonly ttlMs?: number;
  readonly maxReservations?: number;
  readonly tombstoneTtlMs?: number;
  readonly maxTombstones?: number;
}

export function createReservationBook(options: ReservationOptions = {}) {
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? RESERVATION_TTL_MS;
  const maxReservations = options.maxReservations ?? MAX_RESERVATIONS;
  const tombstoneTtlMs = options.tombstoneTtlMs ?? TOMBSTONE_TTL_MS;
  const maxTombstones = options.maxTombstones ?? MAX_TOMBSTONES;
  // Maps iterate in insertion order, so the first entry is always the oldest.
  const reservations = new Map<string, Reservation>();
  const tombstones = new Map<string, number>();

  const purge = () => {
    const at = now();
    for (const [runId, entry] of reservations)
      if (entry.expiresAt <= at) reservations.delete(runId);
    for (const [runId, expiresAt] of tombstones) if (expiresAt <= at) tombstones.delete(runId);
  };

  return {
    /**
     * Reserves `runId` for `identity`. `isBusy` says whether an active run (or
     * another reservation) already holds the same (scope, chat).
     */
    reserve(
      runId: string,
      identity: RunIdentity,
      isActiveRun: (runId: string) => boolean,
      isSessionBusy: (key: string) => boolean,
    ) {
      purge();
      if (reservations.has(runId) || isActiveRun(runId))
        throw new ProtocolFailure('DUPLICATE_RUN_ID', 'That run id is already in use.');
      const key = sessionKeyOf(identity);
      const reserved = [...reservations.values()].some(
        (entry) => sessionKeyOf(entry.identity) === key,
      );
      if (reserved || isSessionBusy(key))
        throw new ProtocolFailure('SESSION_RUN_ACTIVE', 'This chat already has a run in progress.');
      if (reservations.size >= maxReservations)
        throw new ProtocolFailure('RUN_RESERVATION_LIMIT', 'Too many runs are waiting to start.');
      const expiresAt = now() + ttlMs;
      reservations.set(runId, { identity, expiresAt });
      return { expiresAt };
    },
    /** Consumes the reservation of `runId` if `identity` equals it exactly. */
    take(runId: string, identity: RunIdentity): TakeResult {
      purge();
      if (tombstones.has(runId)) {
        tombstones.delete(runId);
        reservations.delete(runId);
        return { kind: 'cancelled' };
      }
      const entry = reservations.get(runId);
      if (!entry)
        throw new ProtocolFailure(
          'RUN_NOT_RESERVED',
          'The run was not reserved or its reservation expired.',
        );
      if (!sameIdentity(entry.identity, identity)) {
        throw new ProtocolFailure(
          'RUN_RESERVATION_MISMATCH',
          'The run start does not match its reservation.',
        );
      }
      reservations.delete(runId);
      return { kind: 'reserved', identity: entry.identity };
    },
    /** Cancels a run that has not started: drops its reservation and leaves a tombstone. */
    cancel(runId: string): boolean {
      purge();
      const wasReserved = reservations.delete(runId);
      tombstones.delete(runId);
      tombstones.set(runId, now() + tombstoneTtlMs);
      while (tombstones.size > maxTombstones) {
        const oldest = tombstones.keys().next().value;
        if (oldest === undefined) break;
        tombstones.delete(oldest);
      }
      return wasReserved;
    },
    /** The identity a live reservation holds (for status), if any. */
    reservedFor(key: string): string | undefined {
      purge();
      for (const [runId, entry] of reservations)
        if (sessionKeyOf(entry.identity) === key) return runId;
      return undefined;
    },
    counts: () => (purge(), { reservations: reservations.size, tombstones: tombstones.size }),
  };
}

export type ReservationBook = ReturnType<typeof createReservationBook>;
