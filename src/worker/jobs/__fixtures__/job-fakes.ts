// Fakes for the job manager's tests: alarms in a Map, a runner whose runs the test
// ends, a clock the test moves, and a jobs store over a fresh fake IndexedDB.
import { IDBFactory } from 'fake-indexeddb';
import type { Job } from '../../../shared/protocol/job-records';
import type { RunReport } from '../job-lifecycle';
import type { JobAlarms, JobRunner, RunHooks } from '../job-manager';
import { createJobsStore } from '../jobs.store';
import { createMemoryArea } from '../../storage/__fixtures__/memory-area';

export function fakeAlarms(): JobAlarms & { readonly due: Map<string, number> } {
  const due = new Map<string, number>();
  return {
    due,
    set: async (jobId, when) => void due.set(jobId, when),
    clear: async (jobId) => void due.delete(jobId),
  };
}

export interface PendingRun {
  readonly job: Job;
  readonly hooks: RunHooks;
  end(report: RunReport): void;
}

export function fakeRunner(): JobRunner & { busy: boolean; readonly runs: PendingRun[] } {
  const runner = {
    busy: false,
    runs: [] as PendingRun[],
    isBusy: async () => runner.busy,
    run: (job: Job, hooks: RunHooks) =>
      new Promise<RunReport>((resolve) => runner.runs.push({ job, hooks, end: resolve })),
  };
  return runner;
}

export function fakeJobsStore(factory = new IDBFactory()) {
  const problems: string[] = [];
  const store = createJobsStore({
    factory,
    databaseName: 'jobs.database.v1',
    area: createMemoryArea(),
    onProblem: (problem) => problems.push(problem),
  });
  return { store, factory, problems };
}

/** Lets queued promise callbacks (and fake IndexedDB requests) run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
