// ## Owns
// The worker's job manager for code made before it exists (a site's worker part,
// whose schedule tools are built when its module loads). The jobs wiring provides it
// once at worker start; until then, and in tests that provide none, scheduling is
// refused with a clear code.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { Job, NewJob } from '../../shared/protocol/job-records';

export interface JobScheduler {
  create(input: NewJob): Promise<Job>;
}

let current: JobScheduler | null = null;

/** Called once at worker start by the jobs wiring. */
export function provideJobScheduler(scheduler: JobScheduler | null): void {
  current = scheduler;
}

/** Makes a job through the worker's job manager. */
export function scheduleJob(input: NewJob): Promise<Job> {
  if (!current)
    return Promise.reject(
      new ProtocolFailure('JOBS_DISABLED', 'Scheduled tasks are not available in this browser.'),
    );
  return current.create(input);
}
