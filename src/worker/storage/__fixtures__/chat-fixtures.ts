// Test support for the chat store: a fresh fake IndexedDB per store (fake-indexeddb
// `new IDBFactory()`; the `auto` import provides the IDBKeyRange and prototype
// globals idb checks against), turn builders, and a put-size meter.
import 'fake-indexeddb/auto';
import { IDBCursor, IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import type {
  AssistantTurn,
  ToolCallRecord,
  UserTurn,
} from '../../../shared/protocol/chat-records';
import { approxBytes } from '../chat-trim';
import { IndexedDbChatStore, type IndexedDbChatStoreOptions } from '../chats.store';

let counter = 0;
/** A unique id for test records. */
export const nextId = (prefix = 'id') => `${prefix}-${(counter += 1)}`;

/** A chat store over its own empty fake database. */
export function createTestChatStore(options: Partial<IndexedDbChatStoreOptions> = {}) {
  const factory = options.factory ?? new IDBFactory();
  let clock = 1_700_000_000_000;
  const store = new IndexedDbChatStore({
    factory,
    name: 'chats.database.v1',
    now: () => (clock += 1),
    ...options,
  });
  return { store, factory };
}

export function userTurn(text: string, overrides: Partial<UserTurn> = {}): UserTurn {
  return {
    id: nextId('u'),
    role: 'user',
    createdAt: 1,
    text,
    file: null,
    attachments: [],
    ...overrides,
  };
}

export function toolCall(overrides: Partial<ToolCallRecord> = {}): ToolCallRecord {
  return {
    callId: nextId('call'),
    name: 'replace_lines',
    argumentsPreview: '{}',
    argumentsChars: 2,
    status: 'done',
    summary: 'ok',
    ...overrides,
  };
}

export function assistantTurn(text: string, overrides: Partial<AssistantTurn> = {}): AssistantTurn {
  return {
    id: nextId('a'),
    role: 'assistant',
    createdAt: 1,
    runId: nextId('run'),
    status: 'complete',
    segments: [{ kind: 'text', text }],
    ...overrides,
  };
}

/** A valid PNG data URL of about `chars` characters (a thumbnail stand-in). */
export const thumbnail = (chars: number) =>
  `data:image/png;base64,${'A'.repeat(Math.max(0, chars - 22))}`;

/**
 * Measures every object-store put while `body` runs, independently of the store's
 * own bookkeeping: the JSON size of each value handed to IndexedDB.
 */
export async function measurePuts<T>(
  body: () => Promise<T>,
): Promise<{ result: T; bytes: number; puts: number }> {
  type Writable = Record<'put' | 'add' | 'update', (...args: unknown[]) => unknown>;
  const targets: Array<[Writable, 'put' | 'add' | 'update']> = [
    [IDBObjectStore.prototype as unknown as Writable, 'put'],
    [IDBObjectStore.prototype as unknown as Writable, 'add'],
    [IDBCursor.prototype as unknown as Writable, 'update'],
  ];
  const originals = targets.map(([prototype, method]) => prototype[method]);
  let bytes = 0;
  let puts = 0;
  targets.forEach(([prototype, method], index) => {
    const original = originals[index]!;
    prototype[method] = function (this: unknown, ...args: unknown[]) {
      bytes += approxBytes(args[0]);
      puts += 1;
      return original.apply(this, args);
    };
  });
  try {
    const result = await body();
    return { result, bytes, puts };
  } finally {
    targets.forEach(([prototype, method], index) => (prototype[method] = originals[index]!));
  }
}
