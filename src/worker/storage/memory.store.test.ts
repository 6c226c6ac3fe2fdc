import { describe, expect, it } from 'vitest';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { DEFAULT_MEMORY_SETTINGS, type MemoryRecord } from '../../shared/protocol/memory-messages';
import { openChatDatabase } from './chat-db';
import { createMemoryArea } from './__fixtures__/memory-area';
import { createMemoryStore } from './memory.store';
import { STORAGE_KEYS } from './storage-keys';

const record = (id: string, createdAt: number, text = `note ${id}`): MemoryRecord => ({
  id,
  text,
  kind: 'preference',
  scope: 'global',
  confidence: 1,
  source: 'explicit',
  createdAt,
  updatedAt: createdAt,
  lastUsedAt: null,
  archivedAt: null,
});

function setup() {
  const factory = new IDBFactory();
  const area = createMemoryArea();
  const problems: string[] = [];
  const store = createMemoryStore({
    factory,
    databaseName: 'chats.database.v1',
    area,
    onProblem: (problem) => problems.push(problem),
  });
  return { factory, area, store, problems };
}

describe('createMemoryStore', () => {
  it('keeps records across connections, oldest first', async () => {
    const { factory, area, store } = setup();
    await store.put([record('m2', 20), record('m1', 10)]);
    const again = createMemoryStore({ factory, databaseName: 'chats.database.v1', area });
    expect((await again.list()).map((item) => item.id)).toEqual(['m1', 'm2']);
  });

  it('adds the memory store to a v3 chats database and keeps its records', async () => {
    const factory = new IDBFactory();
    await new Promise<void>((resolve, reject) => {
      const request = factory.open('old.database.v1', 3);
      request.onupgradeneeded = () => {
        request.result.createObjectStore('sessions', { keyPath: 'id' }).put({ id: 's1' });
      };
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    const db = await openChatDatabase({ factory, name: 'old.database.v1' });
    expect([...db.objectStoreNames]).toContain('memories');
    expect(
      await (db as unknown as { get(s: string, k: string): Promise<unknown> }).get(
        'sessions',
        's1',
      ),
    ).toEqual({ id: 's1' });
    db.close();
  });

  it('skips a damaged record and reports it, keeping the others', async () => {
    const { factory, store, problems } = setup();
    await store.put([record('m1', 10)]);
    const db = await openChatDatabase({ factory, name: 'chats.database.v1' });
    const raw = db as unknown as {
      put(store: string, value: unknown): Promise<unknown>;
      close(): void;
    };
    await raw.put('memories', { id: 'bad', text: 42 });
    raw.close();
    expect((await store.list()).map((item) => item.id)).toEqual(['m1']);
    expect(problems).toEqual(['skipped a damaged memory record']);
  });

  it('deletes one record, then clears and counts the rest', async () => {
    const { store } = setup();
    await store.put([record('m1', 1), record('m2', 2), record('m3', 3)]);
    expect(await store.delete('m2')).toBe(true);
    expect(await store.delete('m2')).toBe(false);
    expect(await store.clear()).toBe(2);
    expect(await store.list()).toEqual([]);
  });

  it('reads default settings until saved, and refuses invalid ones', async () => {
    const { area, store } = setup();
    expect(await store.settings()).toEqual(DEFAULT_MEMORY_SETTINGS);
    await store.saveSettings({ enabled: false, autoLearn: true, maxChars: 500 });
    expect(area.data.get(STORAGE_KEYS.memorySettings)).toEqual({
      enabled: false,
      autoLearn: true,
      maxChars: 500,
    });
    await expect(
      store.saveSettings({ enabled: true, autoLearn: false, maxChars: 5 }),
    ).rejects.toThrow();
    area.data.set(STORAGE_KEYS.memorySettings, { enabled: 'yes' });
    expect(await store.settings()).toEqual(DEFAULT_MEMORY_SETTINGS);
  });
});
