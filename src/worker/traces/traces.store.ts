// ## Owns
// Run traces at rest: IndexedDB `traces.database.v1` (its own database, so its
// schema steps never meet the chats database's) with a `runs` store (one summary per
// run) and an `events` store keyed [runId, seq]; the trace settings in
// chrome.storage.local (`traces.settings.v1`); and retention: the oldest runs go
// first until both the run count and the stored size fit the person's limits.
// Reads validate every record and skip damaged ones.
import { wrap, type DBSchema, type IDBPDatabase } from 'idb';
import {
  DEFAULT_TRACE_SETTINGS,
  TraceEventSchema,
  TraceRunSchema,
  TraceSettingsSchema,
  type TraceEvent,
  type TraceRun,
  type TraceSettings,
} from '../../shared/protocol/trace-records';
import { inRead, inWriteTransaction, lazyConnection } from '../storage/idb-access';
import type { KeyValueArea } from '../storage/key-value-area';
import { STORAGE_KEYS } from '../storage/storage-keys';

interface TracesDbSchema extends DBSchema {
  runs: { key: string; value: TraceRun };
  events: { key: [string, number]; value: TraceEvent };
}

const STEPS: ReadonlyArray<(database: IDBPDatabase<TracesDbSchema>) => void> = [
  (database) => {
    database.createObjectStore('runs', { keyPath: 'runId' });
    database.createObjectStore('events', { keyPath: ['runId', 'seq'] });
  },
];

const eventsOf = (runId: string) => IDBKeyRange.bound([runId, 0], [runId, Number.MAX_SAFE_INTEGER]);

export interface TraceLimits {
  readonly maxRuns: number;
  readonly maxBytes: number;
}

/** Where traces live; every method may reject with a STORAGE_* failure. */
export interface TracesStore {
  list(): Promise<TraceRun[]>;
  get(runId: string): Promise<{ run: TraceRun; events: TraceEvent[] } | null>;
  /** Writes the event and the run's new summary in one transaction. */
  append(run: TraceRun, event: TraceEvent | null): Promise<void>;
  /**
   * Passes the run's stored summaries and details through `rewrite`, writing back the
   * events it changed; returns how many changed.
   */
  rewriteEvents(runId: string, rewrite: (text: string) => string): Promise<number>;
  delete(runId: string): Promise<boolean>;
  clear(): Promise<number>;
  /** Deletes the oldest runs (never `keep`) until both limits hold; returns how many. */
  enforce(limits: TraceLimits, keep?: string): Promise<number>;
  settings(): Promise<TraceSettings>;
  saveSettings(settings: TraceSettings): Promise<TraceSettings>;
}

export interface TracesStoreOptions {
  readonly factory: IDBFactory;
  readonly databaseName: string;
  readonly area: KeyValueArea;
}

function openTracesDatabase(
  options: TracesStoreOptions,
  onClosed: () => void,
): Promise<IDBPDatabase<TracesDbSchema>> {
  const request = options.factory.open(options.databaseName, STEPS.length);
  request.addEventListener('upgradeneeded', (event) => {
    const database = wrap(request.result) as unknown as IDBPDatabase<TracesDbSchema>;
    for (const step of STEPS.slice(event.oldVersion)) step(database);
  });
  return (wrap(request) as unknown as Promise<IDBPDatabase<TracesDbSchema>>).then((database) => {
    database.addEventListener('versionchange', () => {
      database.close();
      onClosed();
    });
    database.addEventListener('close', onClosed);
    return database;
  });
}

/** Which runs go, oldest first, so that what stays fits `limits`. */
export function runsOverLimits(runs: readonly TraceRun[], limits: TraceLimits, keep?: string) {
  const oldestFirst = [...runs].sort((left, right) => left.startedAt - right.startedAt);
  let count = runs.length;
  let bytes = runs.reduce((sum, run) => sum + run.bytes, 0);
  const doomed: string[] = [];
  for (const run of oldestFirst) {
    if (count <= limits.maxRuns && bytes <= limits.maxBytes) break;
    if (run.runId === keep) continue;
    doomed.push(run.runId);
    count -= 1;
    bytes -= run.bytes;
  }
  return doomed;
}

export function createTracesStore(options: TracesStoreOptions): TracesStore {
  const db = lazyConnection((onClosed) => openTracesDatabase(options, onClosed));
  const runsOf = (values: unknown[]) =>
    values.flatMap((value) => {
      const parsed = TraceRunSchema.safeParse(value);
      return parsed.success ? [parsed.data] : [];
    });
  const list = () =>
    inRead(db(), async (connection) =>
      runsOf(await connection.getAll('runs')).sort((a, b) => b.startedAt - a.startedAt),
    );
  const remove = (runIds: readonly string[]) =>
    inWriteTransaction(db(), ['runs', 'events'], async (tx) => {
      let found = 0;
      for (const runId of runIds) {
        if ((await tx.objectStore('runs').getKey(runId)) !== undefined) found += 1;
        await tx.objectStore('runs').delete(runId);
        await tx.objectStore('events').delete(eventsOf(runId));
      }
      return found;
    });
  return {
    list,
    get: (runId) =>
      inRead(db(), async (connection) => {
        const run = TraceRunSchema.safeParse(await connection.get('runs', runId));
        if (!run.success) return null;
        const events = (await connection.getAll('events', eventsOf(runId))).flatMap((value) => {
          const parsed = TraceEventSchema.safeParse(value);
          return parsed.success ? [parsed.data] : [];
        });
        return { run: run.data, events };
      }),
    append: (run, event) =>
      inWriteTransaction(db(), ['runs', 'events'], async (tx) => {
        if (event) await tx.objectStore('events').put(event);
        await tx.objectStore('runs').put(run);
      }),
    rewriteEvents: (runId, rewrite) =>
      inWriteTransaction(db(), ['events'], async (tx) => {
        const events = tx.objectStore('events');
        let changed = 0;
        for (const value of await events.getAll(eventsOf(runId))) {
          const parsed = TraceEventSchema.safeParse(value);
          if (!parsed.success) continue;
          const summary = rewrite(parsed.data.summary);
          const detail = rewrite(parsed.data.detail);
          if (summary === parsed.data.summary && detail === parsed.data.detail) continue;
          await events.put({ ...parsed.data, summary, detail });
          changed += 1;
        }
        return changed;
      }),
    delete: async (runId) => (await remove([runId])) > 0,
    clear: async () => remove((await list()).map((run) => run.runId)),
    enforce: async (limits, keep) => {
      const doomed = runsOverLimits(await list(), limits, keep);
      return doomed.length > 0 ? remove(doomed) : 0;
    },
    settings: async () => {
      const parsed = TraceSettingsSchema.safeParse(
        await options.area.get(STORAGE_KEYS.traceSettings),
      );
      return parsed.success ? parsed.data : DEFAULT_TRACE_SETTINGS;
    },
    saveSettings: async (settings) => {
      const checked = TraceSettingsSchema.parse(settings);
      await options.area.set(STORAGE_KEYS.traceSettings, checked);
      return checked;
    },
  };
}
