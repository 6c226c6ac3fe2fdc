// Handlers for the panel's scheduled-task requests (job-messages.ts). They only
// delegate to the job manager and the jobs store.
import type { GroupHandlers } from '../../shared/protocol/define-channel';
import type { jobRequestMethods } from '../../shared/protocol/job-messages';
import type { JobManager } from '../jobs/job-manager';
import type { JobsStore } from '../jobs/jobs.store';

export interface JobHandlerDeps {
  readonly jobs: { readonly manager: JobManager; readonly store: JobsStore };
}

export function createJobHandlers(deps: JobHandlerDeps): GroupHandlers<typeof jobRequestMethods> {
  const { manager, store } = deps.jobs;
  return {
    'jobs/list': async () => ({ jobs: await manager.list(), settings: await store.settings() }),
    'jobs/pause': async ({ id }) => ({ job: await manager.pause(id) }),
    'jobs/resume': async ({ id }) => ({ job: await manager.resume(id) }),
    'jobs/run-now': async ({ id }) => ({ job: await manager.runNow(id) }),
    'jobs/edit': async ({ id, patch }) => ({ job: await manager.edit(id, patch) }),
    'jobs/delete': async ({ id }) => ({ deleted: await manager.delete(id) }),
    'jobs/save-settings': (settings) => store.saveSettings(settings),
  };
}
