// ## Owns
// The two IndexedDB access patterns every worker store shares: a lazily opened
// connection that reopens after another context's upgrade closed it, and one
// readwrite transaction per write that is aborted on any failure so nothing
// half-written remains.
import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import { toReadFailure, toWriteFailure } from './storage-errors';

/**
 * Returns a getter for a connection opened on first use. `open` receives the
 * callback to call when the connection closes (a versionchange from another
 * context); a closed or failed connection is opened again on the next call.
 */
export function lazyConnection<D>(open: (onClosed: () => void) => Promise<D>): () => Promise<D> {
  let current: Promise<D> | null = null;
  return () => {
    if (!current) {
      const opening: Promise<D> = open(() => {
        if (current === opening) current = null;
      });
      opening.catch(() => {
        if (current === opening) current = null;
      });
      current = opening;
    }
    return current;
  };
}

/**
 * Runs `body` in one readwrite transaction over `stores`. `body` may await only
 * IndexedDB requests of `tx`: anything else would let the transaction auto-commit.
 * Failures become STORAGE_QUOTA_EXCEEDED / STORAGE_WRITE_FAILED ("not saved").
 */
export async function inWriteTransaction<
  Schema extends DBSchema,
  S extends StoreNames<Schema>[],
  T,
>(
  database: Promise<IDBPDatabase<Schema>>,
  stores: S,
  body: (tx: IDBPTransaction<Schema, S, 'readwrite'>) => Promise<T>,
): Promise<T> {
  let tx: IDBPTransaction<Schema, S, 'readwrite'> | undefined;
  try {
    tx = (await database).transaction(stores, 'readwrite');
    tx.done.catch(() => undefined);
    const result = await body(tx);
    await tx.done;
    return result;
  } catch (error) {
    try {
      tx?.abort();
    } catch {
      // Already finished or aborted: nothing left to roll back.
    }
    throw toWriteFailure(error);
  }
}

/** Runs a read; failures become STORAGE_READ_FAILED. */
export async function inRead<D, T>(database: Promise<D>, body: (db: D) => Promise<T>): Promise<T> {
  try {
    return await body(await database);
  } catch (error) {
    throw toReadFailure(error);
  }
}
