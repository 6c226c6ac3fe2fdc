// ## Owns
// The recovery stores inside the chats database (schema step 3, migrations/v3.ts):
// revert checkpoints and document snapshots, each as small metadata plus a separately
// addressed body, and the one helper that runs a readwrite transaction over them.
// ## Why the same database
// One owner (the worker), one upgrade path. The connection is opened through
// openChatDatabase, so this module never races the chat store's migrations.
import type { DBSchema, IDBPDatabase, IDBPTransaction } from 'idb';
import type { TextChange } from '../../shared/text/text-change';
import { openChatDatabase } from '../storage/chat-db';
import { inRead, inWriteTransaction, lazyConnection } from '../storage/idb-access';

/** Write-ahead states of a checkpoint. */
export type CheckpointStatus = 'prepared' | 'applied' | 'reverting' | 'reverted';

/** A document state: SHA-256 of its UTF-16 code units and its length. */
export interface DocState {
  readonly hash: string;
  readonly length: number;
}

/** Public-ish metadata of one response's checkpoint. Never holds document text. */
export interface CheckpointMeta {
  readonly id: string;
  /** Durable order across the journal (the cascade's "later" means a higher seq). */
  readonly seq: number;
  readonly siteId: string;
  readonly projectId: string | null;
  readonly sessionId: string;
  readonly runId: string;
  /** The tab the response wrote to; reconciliation at startup reads it. */
  readonly tabId: number;
  readonly fileLabel: string;
  readonly status: CheckpointStatus;
  /** Status a `prepared` later write returns to when rolled back. */
  readonly previousStatus: 'applied' | null;
  /** The document before the response's first write. */
  readonly before: DocState;
  /** The last committed state (null until the first write commits). */
  readonly after: DocState | null;
  /** The state the staged write will produce (non-null only while `prepared`). */
  readonly pending: DocState | null;
  readonly writeCount: number;
  /** Approximate body size (characters of stored text), for the 4 MiB budget. */
  readonly bodyChars: number;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/**
 * The private part of a checkpoint. `inverses[k]` turns the text after write k back
 * into the text before it (minimal changes). `beforeText` is kept only when the change
 * record cannot be trusted (a CRLF insert CodeMirror may normalize, a mismatched
 * commit hash); revert then falls back to one guarded whole-document replacement.
 */
export interface CheckpointBody {
  readonly id: string;
  readonly inverses: readonly (readonly TextChange[])[] | null;
  readonly pendingInverse: readonly TextChange[] | null;
  readonly beforeText: string | null;
}

/** Kinds of document snapshot. */
export type SnapshotKind = 'automatic' | 'rescue';

/** Snapshot metadata; the text lives in `snapshot-bodies`. */
export interface SnapshotMeta {
  readonly id: string;
  readonly kind: SnapshotKind;
  /** `JSON.stringify([siteId, projectId])`, the scope key of chats. */
  readonly scopeKey: string;
  readonly projectId: string | null;
  readonly fileLabel: string;
  /** The chat an automatic snapshot belongs to (null for rescue copies: file recovery data). */
  readonly sessionId: string | null;
  readonly runId: string | null;
  readonly text: DocState;
  readonly createdAt: number;
}

/** A snapshot body. */
export interface SnapshotBody {
  readonly id: string;
  readonly text: string;
}

/** The chats database seen with the recovery stores. */
export interface RecoveryDbSchema extends DBSchema {
  checkpoints: {
    key: string;
    value: CheckpointMeta;
    indexes: { 'by-session-seq': [string, number] };
  };
  'checkpoint-bodies': { key: string; value: CheckpointBody };
  snapshots: { key: string; value: SnapshotMeta; indexes: { 'by-scope-file': [string, string] } };
  'snapshot-bodies': { key: string; value: SnapshotBody };
}

export type RecoveryDb = IDBPDatabase<RecoveryDbSchema>;
type StoreName = 'checkpoints' | 'checkpoint-bodies' | 'snapshots' | 'snapshot-bodies';
export type RecoveryTx<S extends StoreName[]> = IDBPTransaction<RecoveryDbSchema, S, 'readwrite'>;

/** Opens the shared database lazily and reopens it after another context's upgrade. */
export class RecoveryDatabase {
  constructor(private readonly options: { readonly factory: IDBFactory; readonly name: string }) {}

  // The chat store's opener runs the migrations; this view only retypes the
  // connection with the recovery stores of schema step 3.
  readonly db: () => Promise<RecoveryDb> = lazyConnection(
    (onClosed) =>
      openChatDatabase({
        factory: this.options.factory,
        name: this.options.name,
        onClosed,
      }) as unknown as Promise<RecoveryDb>,
  );

  /**
   * Runs `body` in one readwrite transaction over `stores`. `body` may await only
   * IndexedDB requests of `tx`: anything else would let the transaction auto-commit.
   */
  write<S extends StoreName[], T>(stores: S, body: (tx: RecoveryTx<S>) => Promise<T>): Promise<T> {
    return inWriteTransaction(this.db(), stores, body);
  }

  /** Runs a read; failures become STORAGE_READ_FAILED. */
  read<T>(body: (db: RecoveryDb) => Promise<T>): Promise<T> {
    return inRead(this.db(), body);
  }
}
