// ## Owns
// The document snapshot journal: metadata keyed by project
// scope and exact file label, bodies stored apart with a SHA-256 integrity hash.
// One automatic entry per chat (replaced on every successful response); "Before
// restore" rescue copies are file recovery data and outlive chats. Retention: at most
// six entries and 4 MiB of bodies; automatic entries go before rescue copies, oldest
// first, and the entry being written or restored is never a victim.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type {
  DocState,
  RecoveryDatabase,
  RecoveryTx,
  SnapshotKind,
  SnapshotMeta,
} from './recovery-db';
import { MAX_SNAPSHOTS, MAX_SNAPSHOT_BODY_CHARS } from './recovery-limits';

/** A snapshot to save; `text` must hash to `state`. */
export interface SnapshotInput {
  readonly kind: SnapshotKind;
  readonly scopeKey: string;
  readonly projectId: string | null;
  readonly fileLabel: string;
  readonly sessionId: string | null;
  readonly runId: string | null;
  readonly text: string;
  readonly state: DocState;
}

type Stores = ['snapshots', 'snapshot-bodies'];
const STORES: Stores = ['snapshots', 'snapshot-bodies'];
const sameState = (a: DocState, b: DocState) => a.hash === b.hash && a.length === b.length;

function isSnapshotMeta(value: unknown): value is SnapshotMeta {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<SnapshotMeta>;
  return (
    typeof record.id === 'string' &&
    (record.kind === 'automatic' || record.kind === 'rescue') &&
    typeof record.fileLabel === 'string' &&
    typeof record.text?.hash === 'string'
  );
}

/** The snapshot journal over the recovery stores. */
export class SnapshotStore {
  private readonly now: () => number;
  private readonly createId: () => string;

  constructor(
    private readonly database: RecoveryDatabase,
    private readonly options: {
      readonly now?: () => number;
      readonly createId?: () => string;
      readonly maxEntries?: number;
      readonly maxBodyChars?: number;
    } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.createId = options.createId ?? (() => crypto.randomUUID());
  }

  /**
   * Saves a snapshot. An automatic one replaces its chat's previous automatic entry
   * (kept as is when file and text are the same); a rescue copy of text already saved
   * as a rescue for that file is reused. `protectId` is never pruned (the snapshot
   * being restored while its rescue copy is written).
   */
  put(input: SnapshotInput, protectId?: string): Promise<SnapshotMeta> {
    const now = this.now();
    return this.database.write(STORES, async (tx) => {
      const all = ((await tx.objectStore('snapshots').getAll()) as unknown[]).filter(
        isSnapshotMeta,
      );
      const same = (entry: SnapshotMeta) =>
        entry.scopeKey === input.scopeKey &&
        entry.fileLabel === input.fileLabel &&
        sameState(entry.text, input.state);
      const reusable = all.find(
        (entry) =>
          same(entry) &&
          entry.kind === input.kind &&
          (input.kind === 'rescue' || entry.sessionId === input.sessionId),
      );
      const replaced =
        input.kind === 'automatic'
          ? all.filter(
              (entry) =>
                entry.kind === 'automatic' &&
                entry.sessionId === input.sessionId &&
                entry !== reusable,
            )
          : [];
      for (const entry of replaced) await this.remove(tx, entry.id);
      if (reusable) {
        const touched: SnapshotMeta = { ...reusable, runId: input.runId, createdAt: now };
        await tx.objectStore('snapshots').put(touched);
        return touched;
      }
      const meta: SnapshotMeta = {
        id: this.createId(),
        kind: input.kind,
        scopeKey: input.scopeKey,
        projectId: input.projectId,
        fileLabel: input.fileLabel,
        sessionId: input.sessionId,
        runId: input.runId,
        text: input.state,
        createdAt: now,
      };
      const kept = all.filter((entry) => !replaced.includes(entry));
      for (const victim of this.victims([...kept, meta], meta.id, protectId))
        await this.remove(tx, victim);
      await tx.objectStore('snapshots').put(meta);
      await tx.objectStore('snapshot-bodies').put({ id: meta.id, text: input.text });
      return meta;
    });
  }

  /** Snapshots of one project file, newest first. */
  list(scopeKey: string, fileLabel: string): Promise<SnapshotMeta[]> {
    return this.database.read(async (db) => {
      const values: unknown[] = await db.getAllFromIndex('snapshots', 'by-scope-file', [
        scopeKey,
        fileLabel,
      ]);
      return values.filter(isSnapshotMeta).sort((a, b) => b.createdAt - a.createdAt);
    });
  }

  /** Every readable snapshot. */
  all(): Promise<SnapshotMeta[]> {
    return this.database.read(async (db) =>
      ((await db.getAll('snapshots')) as unknown[]).filter(isSnapshotMeta),
    );
  }

  /** One snapshot with its text, or null. */
  read(id: string): Promise<{ meta: SnapshotMeta; text: string } | null> {
    return this.database.read(async (db) => {
      const meta: unknown = await db.get('snapshots', id);
      const body = await db.get('snapshot-bodies', id);
      return isSnapshotMeta(meta) && typeof body?.text === 'string'
        ? { meta, text: body.text }
        : null;
    });
  }

  /** Deletes snapshots by id. */
  delete(ids: readonly string[]): Promise<void> {
    return this.database.write(STORES, async (tx) => {
      for (const id of ids) await this.remove(tx, id);
    });
  }

  /**
   * Removes a chat's automatic snapshots of `fileLabel` (every file when null) unless
   * they hold `keepIf` (divergence check at run start; an agent edit passes null).
   */
  async removeAutomatic(
    sessionId: string,
    fileLabel: string | null,
    keepIf: DocState | null,
  ): Promise<number> {
    const victims = (await this.all()).filter(
      (entry) =>
        entry.kind === 'automatic' &&
        entry.sessionId === sessionId &&
        (fileLabel === null || entry.fileLabel === fileLabel) &&
        !(keepIf && sameState(entry.text, keepIf)),
    );
    if (victims.length > 0) await this.delete(victims.map((entry) => entry.id));
    return victims.length;
  }

  private victims(
    entries: readonly SnapshotMeta[],
    newId: string,
    protectId: string | undefined,
  ): string[] {
    const maxEntries = this.options.maxEntries ?? MAX_SNAPSHOTS;
    const maxChars = this.options.maxBodyChars ?? MAX_SNAPSHOT_BODY_CHARS;
    const incoming = entries.find((entry) => entry.id === newId);
    if (incoming && incoming.text.length > maxChars)
      throw new ProtocolFailure(
        'DOCUMENT_SNAPSHOT_TOO_LARGE',
        'The document is too large to keep a snapshot of it.',
      );
    let count = entries.length;
    let chars = entries.reduce((sum, entry) => sum + entry.text.length, 0);
    const rank = (entry: SnapshotMeta) => (entry.kind === 'automatic' ? 0 : 1);
    const candidates = entries
      .filter((entry) => entry.id !== newId && entry.id !== protectId)
      .sort((a, b) => rank(a) - rank(b) || a.createdAt - b.createdAt);
    const victims: string[] = [];
    for (const candidate of candidates) {
      if (count <= maxEntries && chars <= maxChars) break;
      victims.push(candidate.id);
      count -= 1;
      chars -= candidate.text.length;
    }
    if (count > maxEntries || chars > maxChars)
      throw new ProtocolFailure(
        'DOCUMENT_SNAPSHOT_TOO_LARGE',
        'There is no room to keep this snapshot.',
      );
    return victims;
  }

  private async remove(tx: RecoveryTx<Stores>, id: string): Promise<void> {
    await tx.objectStore('snapshots').delete(id);
    await tx.objectStore('snapshot-bodies').delete(id);
  }
}
