// ## Owns
// Scheduled jobs at rest: IndexedDB `jobs.database.v1` (its own database, so its
// schema steps never meet the chats database's) and the scheduled-tasks settings in
// chrome.storage.local (`jobs.settings.v1`). Reads validate every record and skip
// damaged ones, counted, so one bad record never hides the others.
// ## Never
// Decides a transition: job-lifecycle.ts does; this stores what it returns.
import { wrap, type DBSchema, type IDBPDatabase } from 'idb';
import { JobSchema, type Job } from '../../shared/protocol/job-records';
import {
  DEFAULT_JOB_SETTINGS,
  JobSettingsSchema,
  type JobSettings,
} from '../../shared/protocol/job-messages';
import { inRead, inWriteTransaction, lazyConnection } from '../storage/idb-access';
import type { KeyValueArea } from '../storage/key-value-area';
import { STORAGE_KEYS } from '../storage/storage-keys';

interface JobsDbSchema extends DBSchema {
  jobs: { key: string; value: Job };
}

/** Schema steps of the jobs database; the version is their count. */
const STEPS: ReadonlyArray<(database: IDBPDatabase<JobsDbSchema>) => void> = [
  (database) => void database.createObjectStore('jobs', { keyPath: 'id' }),
];

/** Where jobs live; every method may reject with a STORAGE_* failure. */
export interface JobsStore {
  list(): Promise<Job[]>;
  get(id: string): Promise<Job | null>;
  put(job: Job): Promise<void>;
  delete(id: string): Promise<boolean>;
  settings(): Promise<JobSettings>;
  saveSettings(settings: JobSettings): Promise<JobSettings>;
}

export interface JobsStoreOptions {
  readonly factory: IDBFactory;
  readonly databaseName: string;
  readonly area: KeyValueArea;
  readonly onProblem?: (problem: string) => void;
}

/** Opens (creating or upgrading) the jobs database through the injected factory. */
function openJobsDatabase(
  options: JobsStoreOptions,
  onClosed: () => void,
): Promise<IDBPDatabase<JobsDbSchema>> {
  const request = options.factory.open(options.databaseName, STEPS.length);
  request.addEventListener('upgradeneeded', (event) => {
    const database = wrap(request.result) as unknown as IDBPDatabase<JobsDbSchema>;
    for (const step of STEPS.slice(event.oldVersion)) step(database);
  });
  return (wrap(request) as unknown as Promise<IDBPDatabase<JobsDbSchema>>).then((database) => {
    // Another context wants a newer schema: let it proceed; the next call reopens.
    database.addEventListener('versionchange', () => {
      database.close();
      onClosed();
    });
    database.addEventListener('close', onClosed);
    return database;
  });
}

export function createJobsStore(options: JobsStoreOptions): JobsStore {
  const db = lazyConnection((onClosed) => openJobsDatabase(options, onClosed));
  const valid = (value: unknown): Job | null => {
    const parsed = JobSchema.safeParse(value);
    if (!parsed.success) options.onProblem?.('skipped a damaged scheduled job');
    return parsed.success ? parsed.data : null;
  };
  return {
    list: () =>
      inRead(db(), async (connection) =>
        (await connection.getAll('jobs')).flatMap((value) => valid(value) ?? []),
      ),
    get: (id) =>
      inRead(db(), async (connection) => {
        const value = await connection.get('jobs', id);
        return value === undefined ? null : valid(value);
      }),
    put: (job) =>
      inWriteTransaction(db(), ['jobs'], async (tx) => {
        await tx.objectStore('jobs').put(JobSchema.parse(job));
      }),
    delete: (id) =>
      inWriteTransaction(db(), ['jobs'], async (tx) => {
        const store = tx.objectStore('jobs');
        const found = (await store.getKey(id)) !== undefined;
        if (found) await store.delete(id);
        return found;
      }),
    settings: async () => {
      const parsed = JobSettingsSchema.safeParse(await options.area.get(STORAGE_KEYS.jobSettings));
      return parsed.success ? parsed.data : DEFAULT_JOB_SETTINGS;
    },
    saveSettings: async (settings) => {
      const checked = JobSettingsSchema.parse(settings);
      await options.area.set(STORAGE_KEYS.jobSettings, checked);
      return checked;
    },
  };
}
