// ## Owns
// Wiring run traces into the worker: the traces store over the real IndexedDB and
// chrome.storage.local, and the starter the agent core calls for each run. Decides
// nothing.
import { createChromeLocalArea } from '../platform/storage-access';
import { DATABASE_NAMES } from '../storage/storage-keys';
import { createTraceStarter } from './trace-recorder';
import { createTracesStore } from './traces.store';

export function createTracesWiring() {
  const store = createTracesStore({
    factory: indexedDB,
    databaseName: DATABASE_NAMES.traces,
    area: createChromeLocalArea(),
  });
  const start = createTraceStarter({
    store,
    onProblem: (problem) => console.warn(`[side-agent traces] ${problem}`),
  });
  return { store, start };
}
