// ## Owns
// The scheduled jobs of this browser profile at run time: making them, firing them
// when their alarm rings, the person's actions from the Scheduled view, and startup
// recovery. Each step asks job-lifecycle.ts what happens, stores the answer, then
// sets or clears the job's alarm, so a restart at any point finds the job stored.
// ## Never
// Starts a run itself (the runner does, through the agent core) or calls chrome.*:
// alarms, the runner and notifications come in behind small interfaces.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import { MAX_JOBS, type JobSettings } from '../../shared/protocol/job-messages';
import type { Job, JobEdit, NewJob } from '../../shared/protocol/job-records';
import * as actions from './job-actions';
import * as lifecycle from './job-lifecycle';
import type { JobsStore } from './jobs.store';

/** The browser's alarms for jobs (one per job, named by its id). */
export interface JobAlarms {
  set(jobId: string, when: number): Promise<void>;
  clear(jobId: string): Promise<void>;
}

/** Starts a job's run and resolves once it ended (or could not start). */
export interface JobRunner {
  /** The job's target tab already has a run (the job waits its turn). */
  isBusy(job: Job): Promise<boolean>;
  run(job: Job, hooks: RunHooks): Promise<lifecycle.RunReport>;
}

export interface RunHooks {
  /** Plain words for a late start, shown in the run's chat; null when on time. */
  readonly lateNote: string | null;
  /** The run asked the person a question (true) or got the answer (false). */
  waiting(isWaiting: boolean, sessionId: string): void;
}

export interface JobNotices {
  /** A run of `job` finished, or waits for the person. */
  notify(job: Job): void;
}

export interface JobManagerDeps {
  readonly store: JobsStore;
  readonly alarms: JobAlarms;
  readonly runner: JobRunner;
  readonly notices?: JobNotices;
  readonly createId: () => string;
  readonly now?: () => number;
}

const notFound = () =>
  new ProtocolFailure('JOB_NOT_FOUND', 'That scheduled task no longer exists.');

export function createJobManager(deps: JobManagerDeps) {
  const now = deps.now ?? Date.now;
  // One step at a time per job: an alarm and a click on the same job never interleave.
  const chains = new Map<string, Promise<unknown>>();
  const serial = <T>(jobId: string, step: () => Promise<T>): Promise<T> => {
    const next = (chains.get(jobId) ?? Promise.resolve()).then(step, step);
    const settled = next.catch(() => undefined);
    chains.set(jobId, settled);
    void settled.then(() => {
      if (chains.get(jobId) === settled) chains.delete(jobId);
    });
    return next;
  };
  const running = new Map<string, Promise<void>>();

  async function save(job: Job): Promise<Job> {
    await deps.store.put(job);
    if (job.nextRunAt === null) await deps.alarms.clear(job.id);
    else await deps.alarms.set(job.id, job.nextRunAt);
    return job;
  }

  async function load(id: string): Promise<Job> {
    const job = await deps.store.get(id);
    if (!job) throw notFound();
    return job;
  }

  const applied = (change: lifecycle.Change): Job => {
    if (!change.ok) throw new ProtocolFailure(change.code, change.message);
    return change.job;
  };

  /** Person actions: a lifecycle step on the stored job, stored with its alarm. */
  const act = (id: string, step: (job: Job, at: number) => lifecycle.Change) =>
    serial(id, async () => save(applied(step(await load(id), now()))));

  async function execute(started: Job, lateMs: number): Promise<void> {
    let job = started;
    const report = await deps.runner
      .run(job, {
        lateNote: lifecycle.lateNote(lateMs),
        waiting: (isWaiting, sessionId) => {
          job = {
            ...job,
            status: isWaiting ? 'needs_user_input' : 'running',
            note: isWaiting ? 'Waiting for your answer in its chat.' : null,
            lastResult: job.lastResult,
            updatedAt: now(),
          };
          void serial(job.id, () => deps.store.put(job)).catch(() => undefined);
          if (isWaiting) deps.notices?.notify({ ...job, sessionId: job.sessionId ?? sessionId });
        },
      })
      .catch((error: unknown): lifecycle.RunReport => ({
        outcome: 'error',
        message: error instanceof Error ? error.message : 'The run could not start.',
        code: error instanceof ProtocolFailure ? error.code : null,
        sessionId: null,
      }));
    const late = lifecycle.lateNote(lateMs);
    const message = late ? `${report.message} ${late}` : report.message;
    const ended = await serial(job.id, async () => {
      // A job deleted while it ran stays deleted.
      const current = await deps.store.get(job.id);
      if (!current) return null;
      return save(
        lifecycle.onRunEnd({ ...current, status: 'running' }, { ...report, message }, now()),
      );
    });
    if (ended) deps.notices?.notify(ended);
  }

  return {
    /** Startup: runs a previous instance left going are queued again; alarms are restored. */
    async start(): Promise<number> {
      let requeued = 0;
      for (const stored of await deps.store.list()) {
        const job = lifecycle.onRestart(stored, now());
        if (job !== stored) requeued += 1;
        await serial(job.id, () =>
          job === stored && job.nextRunAt === null ? Promise.resolve(job) : save(job),
        );
      }
      return requeued;
    },

    async create(input: NewJob): Promise<Job> {
      const jobs = await deps.store.list();
      if (jobs.filter((job) => !lifecycle.isTerminal(job)).length >= MAX_JOBS)
        throw new ProtocolFailure(
          'JOB_LIMIT_REACHED',
          `There are already ${MAX_JOBS} scheduled tasks. Delete some in the Scheduled view first.`,
        );
      const job = applied(lifecycle.createJob(input, deps.createId(), now()));
      // The oldest ended jobs make room, so the list stays within what the view shows.
      const ended = jobs.filter(lifecycle.isTerminal).sort((a, b) => a.updatedAt - b.updatedAt);
      for (const old of ended.slice(0, Math.max(0, jobs.length + 1 - MAX_JOBS)))
        await serial(old.id, () => deps.store.delete(old.id));
      return serial(job.id, () => save(job));
    },

    /** A job's alarm rang. Resolves once the decision is stored (the run goes on). */
    fire(id: string, settings: JobSettings): Promise<void> {
      return serial(id, async () => {
        const job = await deps.store.get(id);
        if (!job || running.has(id)) return;
        const busy =
          job.status === 'pending' || job.status === 'queued'
            ? await deps.runner.isBusy(job)
            : false;
        const decision = lifecycle.onAlarm(job, { now: now(), enabled: settings.enabled, busy });
        if (decision.action === 'ignore') return;
        await save(decision.job);
        if (decision.action !== 'start') return;
        const done = execute(decision.job, decision.lateMs).finally(() => running.delete(id));
        running.set(id, done);
      });
    },

    list: async (): Promise<Job[]> =>
      (await deps.store.list()).sort(
        (left, right) =>
          (left.nextRunAt ?? Number.MAX_SAFE_INTEGER) -
            (right.nextRunAt ?? Number.MAX_SAFE_INTEGER) || right.updatedAt - left.updatedAt,
      ),
    pause: (id: string) => act(id, actions.pause),
    resume: (id: string) => act(id, actions.resume),
    runNow: (id: string) => act(id, actions.runNow),
    cancel: (id: string) => act(id, actions.cancel),
    edit: (id: string, patch: JobEdit) => act(id, (job, at) => actions.edit(job, patch, at)),
    delete: (id: string) =>
      serial(id, async () => {
        await deps.alarms.clear(id);
        return deps.store.delete(id);
      }),

    /** Resolves when every run this instance started has ended (tests, shutdown). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running.values()]);
    },
  };
}

export type JobManager = ReturnType<typeof createJobManager>;
