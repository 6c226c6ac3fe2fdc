// ## Owns
// Wiring scheduled tasks into the worker: the jobs store and run watch at once (the
// agent core sends its events through the watch), the alarm listener synchronously at
// startup (the alarm that woke the worker is delivered right after the top-level
// script), and the manager once the agent core exists. Decides nothing.
import { createId } from '../../shared/lib/ids';
import type { EventTransport } from '../../shared/protocol/client';
import { jobAlarms, jobNotifications, jobTabs, listenForJobAlarms } from '../platform/job-browser';
import { createChromeLocalArea } from '../platform/storage-access';
import type { ChatStore } from '../storage/store-contracts';
import { DATABASE_NAMES } from '../storage/storage-keys';
import { provideJobScheduler } from './current-jobs';
import { createJobManager, type JobManager } from './job-manager';
import { createJobRunner, type JobAgent } from './job-runner';
import { createJobsStore } from './jobs.store';
import { createRunWatch } from './run-watch';

const warn = (problem: string) => console.warn(`[side-agent jobs] ${problem}`);

export function createJobsWiring(panelEvents: EventTransport) {
  const watch = createRunWatch(panelEvents);
  const store = createJobsStore({
    factory: indexedDB,
    databaseName: DATABASE_NAMES.jobs,
    area: createChromeLocalArea(),
    onProblem: warn,
  });
  let ready: Promise<JobManager> | null = null;
  const fired: string[] = [];
  const fire = (manager: JobManager, jobId: string) =>
    store
      .settings()
      .then((settings) => manager.fire(jobId, settings))
      .catch((error: unknown) => warn(`alarm for ${jobId}: ${String(error)}`));
  listenForJobAlarms((jobId) => {
    if (ready) void ready.then((manager) => fire(manager, jobId));
    else fired.push(jobId);
  });
  return {
    /** The transport the agent core emits run events to. */
    events: watch.transport,
    /** Builds the manager over the agent core; returns what the panel handlers use. */
    start(agent: JobAgent, chats: ChatStore) {
      const manager = createJobManager({
        store,
        alarms: jobAlarms,
        runner: createJobRunner({
          agent,
          chats,
          tabs: jobTabs,
          watch,
          createId,
          // Scheduling more work always reaches the person, whatever the setting says.
          mayApproveItself: async (pending) =>
            !pending.name.startsWith('schedule_') && !(await store.settings()).confirmConsequential,
        }),
        notices: jobNotifications,
        createId,
      });
      provideJobScheduler(manager);
      // Restart recovery first, so an alarm that woke this worker finds the job re-queued.
      ready = manager.start().then(
        () => manager,
        (error: unknown) => {
          warn(`startup: ${String(error)}`);
          return manager;
        },
      );
      for (const jobId of fired.splice(0)) void ready.then((started) => fire(started, jobId));
      return { manager, store };
    },
  };
}
