// Memory records and an in-memory MemoryStore for the memory unit tests.
import {
  DEFAULT_MEMORY_SETTINGS,
  type MemoryRecord,
  type MemorySettings,
} from '../../../shared/protocol/memory-messages';
import type { MemoryStore } from '../../storage/memory.store';

/** A valid active global record; override any field. */
export function memoryRecord(overrides: Partial<MemoryRecord> = {}): MemoryRecord {
  return {
    id: 'm1',
    text: 'I prefer metric units',
    kind: 'preference',
    scope: 'global',
    confidence: 1,
    source: 'explicit',
    createdAt: 1_000,
    updatedAt: 1_000,
    lastUsedAt: null,
    archivedAt: null,
    ...overrides,
  };
}

/** A MemoryStore over a Map; `state.puts` counts write calls. */
export function createMapMemoryStore(initial: readonly MemoryRecord[] = []) {
  const records = new Map(initial.map((record) => [record.id, record]));
  let settings: MemorySettings = DEFAULT_MEMORY_SETTINGS;
  const state = { puts: 0 };
  const store: MemoryStore = {
    list: async () => [...records.values()].sort((a, b) => a.createdAt - b.createdAt),
    put: async (items) => {
      state.puts += 1;
      for (const item of items) records.set(item.id, item);
    },
    delete: async (id) => records.delete(id),
    clear: async () => {
      const count = records.size;
      records.clear();
      return count;
    },
    settings: async () => settings,
    saveSettings: async (next) => (settings = next),
  };
  return { store, records, state };
}
