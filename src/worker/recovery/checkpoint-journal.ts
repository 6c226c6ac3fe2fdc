// ## Owns
// The revert journal's state machine: prepared -> applied ->
// reverting -> reverted, one checkpoint per response, written ahead of every page
// commit. Each transition is one IndexedDB transaction over metadata and body.
// ## Never
// Awaits anything but IndexedDB inside a transaction (hashes and inverses are computed
// by the caller first), or keeps a body after `reverted` (a tombstone stays).
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { TextChange } from '../../shared/text/text-change';
import { checkpointVictims, type CheckpointBudget } from './checkpoint-retention';
import type {
  CheckpointBody,
  CheckpointMeta,
  CheckpointStatus,
  DocState,
  RecoveryDatabase,
  RecoveryTx,
} from './recovery-db';

/** One write staged ahead of its page commit. */
export interface StageInput {
  /** Null for the response's first write; the run's checkpoint id for later ones. */
  readonly checkpointId: string | null;
  readonly siteId: string;
  readonly projectId: string | null;
  readonly sessionId: string;
  readonly runId: string;
  readonly tabId: number;
  readonly fileLabel: string;
  /** The document the write is prepared against, and the one it will produce. */
  readonly base: DocState;
  readonly pending: DocState;
  /** Inverse of this write, in the coordinates of the pending text. */
  readonly inverse: readonly TextChange[];
  /** Set when the change record cannot be trusted: the text before the first write. */
  readonly beforeText: string | null;
}

type Stores = ['checkpoints', 'checkpoint-bodies'];
const STORES: Stores = ['checkpoints', 'checkpoint-bodies'];

const charsOf = (body: CheckpointBody): number =>
  (body.beforeText?.length ?? 0) +
  [...(body.inverses ?? []), body.pendingInverse ?? []].reduce(
    (sum, list) => sum + list.reduce((inner, change) => inner + change.insert.length + 16, 0),
    0,
  );

const conflict = (message: string, details?: Record<string, unknown>) =>
  new ProtocolFailure('EDIT_CHECKPOINT_CONFLICT', message, details);

/** Minimal shape check of a stored record: a damaged one is skipped, not trusted. */
export function isCheckpointMeta(value: unknown): value is CheckpointMeta {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<CheckpointMeta>;
  return (
    typeof record.id === 'string' &&
    typeof record.seq === 'number' &&
    typeof record.sessionId === 'string' &&
    typeof record.fileLabel === 'string' &&
    ['prepared', 'applied', 'reverting', 'reverted'].includes(record.status as string) &&
    typeof record.before?.hash === 'string'
  );
}

/** The revert journal over the recovery stores. */
export class CheckpointJournal {
  private readonly now: () => number;
  private readonly createId: () => string;

  constructor(
    private readonly database: RecoveryDatabase,
    private readonly options: CheckpointBudget & {
      readonly now?: () => number;
      readonly createId?: () => string;
    } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.createId = options.createId ?? (() => crypto.randomUUID());
  }

  /**
   * Stages a write: a new `prepared` checkpoint for the first write, or moves the
   * run's checkpoint from `applied` to `prepared` for a later one. Throws (and nothing
   * is written) when the base is not the checkpoint's committed state.
   */
  stage(input: StageInput): Promise<CheckpointMeta> {
    const now = this.now();
    return this.database.write(STORES, async (tx) => {
      let meta: CheckpointMeta;
      let body: CheckpointBody;
      if (input.checkpointId === null) {
        const all = await tx.objectStore('checkpoints').getAll();
        const seq = all.reduce((max, entry) => Math.max(max, entry.seq), 0) + 1;
        body = {
          id: this.createId(),
          inverses: input.beforeText === null ? [] : null,
          pendingInverse: input.beforeText === null ? input.inverse : null,
          beforeText: input.beforeText,
        };
        meta = {
          id: body.id,
          seq,
          siteId: input.siteId,
          projectId: input.projectId,
          sessionId: input.sessionId,
          runId: input.runId,
          tabId: input.tabId,
          fileLabel: input.fileLabel,
          status: 'prepared',
          previousStatus: null,
          before: input.base,
          after: null,
          pending: input.pending,
          writeCount: 0,
          bodyChars: charsOf(body),
          createdAt: now,
          updatedAt: now,
        };
        await this.prune(tx, [...all, meta], meta.id, now);
      } else {
        const existing = await this.requireMeta(tx, input.checkpointId);
        const stored = await tx.objectStore('checkpoint-bodies').get(existing.id);
        if (existing.status !== 'applied' || existing.after === null || stored === undefined)
          throw conflict(
            'The revert checkpoint of this response is not in a state that accepts another edit.',
            { status: existing.status },
          );
        if (
          existing.fileLabel !== input.fileLabel ||
          existing.after.hash !== input.base.hash ||
          existing.after.length !== input.base.length
        ) {
          throw conflict(
            'The document changed since this response last edited it, so the edit was not applied (its revert chain would break). Read the document again.',
          );
        }
        const keepsChanges = input.beforeText === null && stored.inverses !== null;
        body = {
          id: existing.id,
          inverses: keepsChanges ? stored.inverses : null,
          pendingInverse: keepsChanges ? input.inverse : null,
          beforeText: stored.beforeText ?? input.beforeText,
        };
        meta = {
          ...existing,
          status: 'prepared',
          previousStatus: 'applied',
          pending: input.pending,
          bodyChars: charsOf(body),
          updatedAt: now,
        };
        const all = await tx.objectStore('checkpoints').getAll();
        await this.prune(
          tx,
          all.map((entry) => (entry.id === meta.id ? meta : entry)),
          meta.id,
          now,
        );
      }
      await tx.objectStore('checkpoints').put(meta);
      await tx.objectStore('checkpoint-bodies').put(body);
      return meta;
    });
  }

  /** The staged write reached the page: `prepared` -> `applied` with the committed state. */
  commit(id: string, committed: DocState): Promise<CheckpointMeta> {
    return this.database.write(STORES, async (tx) => {
      const meta = await this.requireStatus(tx, id, ['prepared']);
      const body = await tx.objectStore('checkpoint-bodies').get(id);
      // A committed hash other than the computed one means the editor normalized the
      // text (e.g. CRLF); the inverse offsets are then unreliable and are dropped.
      const trusted =
        meta.pending !== null &&
        meta.pending.hash === committed.hash &&
        meta.pending.length === committed.length;
      const inverses =
        trusted && body?.inverses && body.pendingInverse
          ? [...body.inverses, body.pendingInverse]
          : null;
      const nextBody: CheckpointBody = {
        id,
        inverses,
        pendingInverse: null,
        beforeText: body?.beforeText ?? null,
      };
      const next: CheckpointMeta = {
        ...meta,
        status: 'applied',
        previousStatus: null,
        after: committed,
        pending: null,
        writeCount: meta.writeCount + 1,
        bodyChars: charsOf(nextBody),
        updatedAt: this.now(),
      };
      await tx.objectStore('checkpoint-bodies').put(nextBody);
      await tx.objectStore('checkpoints').put(next);
      return next;
    });
  }

  /** The staged write never reached the page: a first stage is deleted, a later one returns to `applied`. */
  rollback(id: string): Promise<CheckpointMeta | null> {
    return this.database.write(STORES, async (tx) => {
      const meta = await this.requireStatus(tx, id, ['prepared']);
      if (meta.previousStatus === null || meta.after === null) {
        await tx.objectStore('checkpoints').delete(id);
        await tx.objectStore('checkpoint-bodies').delete(id);
        return null;
      }
      const body = await tx.objectStore('checkpoint-bodies').get(id);
      if (body) await tx.objectStore('checkpoint-bodies').put({ ...body, pendingInverse: null });
      const next: CheckpointMeta = {
        ...meta,
        status: 'applied',
        previousStatus: null,
        pending: null,
        updatedAt: this.now(),
      };
      await tx.objectStore('checkpoints').put(next);
      return next;
    });
  }

  /** Write-ahead of a revert step: `applied` -> `reverting`. */
  beginRevert(id: string): Promise<CheckpointMeta> {
    return this.transition(id, ['applied'], 'reverting');
  }

  /** The revert step is on the page (or was not needed): `reverting` -> `reverted`, body deleted. */
  finishRevert(id: string): Promise<CheckpointMeta> {
    return this.database.write(STORES, async (tx) => {
      const meta = await this.requireStatus(tx, id, ['reverting']);
      const next: CheckpointMeta = {
        ...meta,
        status: 'reverted',
        bodyChars: 0,
        updatedAt: this.now(),
      };
      await tx.objectStore('checkpoints').put(next);
      await tx.objectStore('checkpoint-bodies').delete(id);
      return next;
    });
  }

  /** The revert step did not reach the page: `reverting` -> `applied`. */
  backToApplied(id: string): Promise<CheckpointMeta> {
    return this.transition(id, ['reverting'], 'applied');
  }

  /** One checkpoint's metadata, or null. */
  get(id: string): Promise<CheckpointMeta | null> {
    return this.database.read(async (db) => {
      const value: unknown = await db.get('checkpoints', id);
      return isCheckpointMeta(value) ? value : null;
    });
  }

  /** One checkpoint's body, or null (reverted, pruned or damaged). */
  body(id: string): Promise<CheckpointBody | null> {
    return this.database.read(async (db) => (await db.get('checkpoint-bodies', id)) ?? null);
  }

  /** Every readable checkpoint, oldest first. */
  list(): Promise<CheckpointMeta[]> {
    return this.database.read(async (db) => {
      const values: unknown[] = await db.getAll('checkpoints');
      return values.filter(isCheckpointMeta).sort((a, b) => a.seq - b.seq);
    });
  }

  /** Deletes checkpoints (a deleted chat's, or a conflicted first stage). */
  delete(ids: readonly string[]): Promise<void> {
    return this.database.write(STORES, async (tx) => {
      for (const id of ids) {
        await tx.objectStore('checkpoints').delete(id);
        await tx.objectStore('checkpoint-bodies').delete(id);
      }
    });
  }

  private transition(
    id: string,
    from: readonly CheckpointStatus[],
    to: CheckpointStatus,
  ): Promise<CheckpointMeta> {
    return this.database.write(STORES, async (tx) => {
      const meta = await this.requireStatus(tx, id, from);
      const next: CheckpointMeta = { ...meta, status: to, updatedAt: this.now() };
      await tx.objectStore('checkpoints').put(next);
      return next;
    });
  }

  private async requireMeta(tx: RecoveryTx<Stores>, id: string): Promise<CheckpointMeta> {
    const value: unknown = await tx.objectStore('checkpoints').get(id);
    if (!isCheckpointMeta(value))
      throw new ProtocolFailure(
        'EDIT_REVERT_UNAVAILABLE',
        'The revert copy of this response is no longer available.',
        { checkpointId: id },
      );
    return value;
  }

  private async requireStatus(
    tx: RecoveryTx<Stores>,
    id: string,
    allowed: readonly CheckpointStatus[],
  ): Promise<CheckpointMeta> {
    const meta = await this.requireMeta(tx, id);
    if (!allowed.includes(meta.status))
      throw conflict(`The checkpoint is ${meta.status}, not ${allowed.join(' or ')}.`, {
        checkpointId: id,
        status: meta.status,
      });
    return meta;
  }

  private async prune(
    tx: RecoveryTx<Stores>,
    entries: readonly CheckpointMeta[],
    keepId: string,
    now: number,
  ): Promise<void> {
    for (const victim of checkpointVictims(entries, keepId, now, this.options)) {
      await tx.objectStore('checkpoints').delete(victim);
      await tx.objectStore('checkpoint-bodies').delete(victim);
    }
  }
}
