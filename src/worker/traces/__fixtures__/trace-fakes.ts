// Test kit for run traces: a traces store over a fresh fake IndexedDB and a memory
// area, with the trace settings the test asks for. Never imported by shipped code.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { DEFAULT_TRACE_SETTINGS, type TraceSettings } from '../../../shared/protocol/trace-records';
import { createMemoryArea } from '../../storage/__fixtures__/memory-area';
import { createTracesStore, type TracesStore } from '../traces.store';

let databases = 0;

export async function createTestTracesStore(
  settings: Partial<TraceSettings> = { enabled: true },
): Promise<TracesStore> {
  const store = createTracesStore({
    factory: new IDBFactory(),
    databaseName: `traces-test-${++databases}`,
    area: createMemoryArea(),
  });
  await store.saveSettings({ ...DEFAULT_TRACE_SETTINGS, ...settings });
  return store;
}
