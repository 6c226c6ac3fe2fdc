// ## Owns
// The one answer to "what happens to this job now?": every lifecycle transition of a
// scheduled job (pending -> running -> completed, queued while its tab is busy,
// needs_user_input, paused, cancelled, failed) as pure functions of the job and the
// clock. The manager stores what these return and sets the alarm they name.
// ## Never
// Touches storage, alarms, tabs or runs, and never drops a job: a refusal returns a
// code and plain words and leaves the job as it was.
import type { ErrorCode } from '../../shared/protocol/error-codes';
import {
  MAX_INTERVAL_MINUTES,
  MIN_INTERVAL_MINUTES,
  type Job,
  type JobOutcome,
  type JobSchedule,
  type NewJob,
} from '../../shared/protocol/job-records';

export const MINUTE_MS = 60_000;
/** A busy tab puts the run off by this long, at most MAX_DEFERRALS times. */
export const QUEUE_RETRY_MS = 30_000;
export const MAX_DEFERRALS = 120;
/** A run that starts later than this after it was due says it was late. */
export const LATE_AFTER_MS = 2 * MINUTE_MS;
/** A recurring job stops after this many failed runs in a row. */
export const MAX_FAILURES = 5;
/** Backoff between failed recurring runs never exceeds a day (or the interval, if longer). */
export const MAX_BACKOFF_MS = 24 * 60 * MINUTE_MS;
/** The furthest ahead a run can be scheduled. */
export const MAX_AHEAD_MS = MAX_INTERVAL_MINUTES * MINUTE_MS;
/** Clock skew allowed for "now" (a run at a time that just passed starts at once). */
const PAST_TOLERANCE_MS = 5_000;

export type Refusal = { readonly ok: false; readonly code: ErrorCode; readonly message: string };
export type Change = { readonly ok: true; readonly job: Job } | Refusal;

export const refuse = (code: ErrorCode, message: string): Refusal => ({ ok: false, code, message });
export const ACTIVE = new Set<Job['status']>(['running', 'needs_user_input']);
const TERMINAL = new Set<Job['status']>(['completed', 'cancelled', 'failed']);

export const isTerminal = (job: Job) => TERMINAL.has(job.status);

/** Why a schedule cannot be used, or null when it can. */
export function scheduleProblem(schedule: JobSchedule, now: number): string | null {
  if (schedule.type === 'recurring') {
    const minutes = schedule.intervalMinutes;
    if (
      !Number.isInteger(minutes) ||
      minutes < MIN_INTERVAL_MINUTES ||
      minutes > MAX_INTERVAL_MINUTES
    )
      return 'A recurring task repeats every 1 minute to 1 year (525,600 minutes).';
  }
  const first = schedule.type === 'once' ? schedule.runAt : schedule.startAt;
  if (first < now - PAST_TOLERANCE_MS) return 'That time has already passed.';
  if (first > now + MAX_AHEAD_MS) return 'A task can be scheduled at most 1 year ahead.';
  return null;
}

export function createJob(input: NewJob, id: string, now: number): Change {
  const problem = scheduleProblem(input.schedule, now);
  if (problem) return refuse('JOB_SCHEDULE_INVALID', problem);
  if (input.kind === 'resume' && input.sessionId === null)
    return refuse('JOB_SCHEDULE_INVALID', 'Only a chat can be resumed later.');
  const due = input.schedule.type === 'once' ? input.schedule.runAt : input.schedule.startAt;
  return {
    ok: true,
    job: {
      ...input,
      id,
      status: 'pending',
      nextRunAt: Math.max(due, now),
      deferrals: 0,
      failures: 0,
      runCount: 0,
      note: null,
      lastResult: null,
      createdAt: now,
      updatedAt: now,
    },
  };
}

/** What the manager does when a job's alarm fires. */
export type AlarmDecision =
  | { readonly action: 'ignore' }
  | { readonly action: 'start'; readonly job: Job; readonly lateMs: number }
  | { readonly action: 'wait' | 'stop'; readonly job: Job };

export interface AlarmFacts {
  readonly now: number;
  /** Settings: scheduled tasks are on. */
  readonly enabled: boolean;
  /** The job's target tab already has a run. */
  readonly busy: boolean;
}

/**
 * An alarm fired. However many due times passed while the browser was closed, the
 * browser fires once and this starts one run (saying how late it is).
 */
export function onAlarm(job: Job, facts: AlarmFacts): AlarmDecision {
  if (job.status !== 'pending' && job.status !== 'queued') return { action: 'ignore' };
  if (job.nextRunAt === null || job.nextRunAt > facts.now + PAST_TOLERANCE_MS)
    return { action: 'ignore' };
  const { now } = facts;
  if (!facts.enabled)
    return {
      action: 'stop',
      job: {
        ...job,
        status: 'paused',
        nextRunAt: null,
        note: 'Paused because scheduled tasks are turned off in Settings.',
        updatedAt: now,
      },
    };
  if (facts.busy) {
    const deferrals = job.deferrals + 1;
    if (deferrals >= MAX_DEFERRALS)
      return {
        action: 'stop',
        job: {
          ...job,
          status: 'failed',
          nextRunAt: null,
          deferrals,
          note: `Failed: its tab stayed busy for ${MAX_DEFERRALS} tries (an hour).`,
          updatedAt: now,
        },
      };
    return {
      action: 'wait',
      job: {
        ...job,
        status: 'queued',
        nextRunAt: now + QUEUE_RETRY_MS,
        deferrals,
        note: `Waiting: its tab is busy (try ${deferrals} of ${MAX_DEFERRALS}).`,
        updatedAt: now,
      },
    };
  }
  // Lateness counts from when it was first due, not from the last busy retry.
  const dueAt = job.nextRunAt - job.deferrals * QUEUE_RETRY_MS;
  return {
    action: 'start',
    lateMs: Math.max(0, now - dueAt),
    job: { ...job, status: 'running', nextRunAt: null, note: null, updatedAt: now },
  };
}

/** The first due time of a recurring job strictly after `now` (missed ones are skipped). */
export function nextSlot(schedule: JobSchedule & { type: 'recurring' }, now: number): number {
  const interval = schedule.intervalMinutes * MINUTE_MS;
  if (now < schedule.startAt) return schedule.startAt;
  return schedule.startAt + (Math.floor((now - schedule.startAt) / interval) + 1) * interval;
}

/** Plain words for a late start, or null when it was on time. */
export function lateNote(lateMs: number): string | null {
  if (lateMs <= LATE_AFTER_MS) return null;
  const minutes = Math.round(lateMs / MINUTE_MS);
  const shown =
    minutes < 120
      ? `${minutes} minutes`
      : minutes < 48 * 60
        ? `${Math.round(minutes / 60)} hours`
        : `${Math.round(minutes / 1_440)} days`;
  return `Ran ${shown} late (the browser was closed or asleep when it was due); missed runs were not repeated.`;
}

export interface RunReport {
  readonly outcome: JobOutcome;
  readonly message: string;
  readonly code: string | null;
  readonly sessionId: string | null;
  /** The run ended waiting for the person's answer to a question. */
  readonly needsInput?: boolean;
}

/** A run of the job ended (or could not start: outcome `refused`). */
export function onRunEnd(job: Job, report: RunReport, now: number): Job {
  const lastResult = {
    at: now,
    outcome: report.outcome,
    message: report.message,
    code: report.code,
    sessionId: report.sessionId,
  };
  const base = { ...job, lastResult, deferrals: 0, runCount: job.runCount + 1, updatedAt: now };
  if (report.needsInput)
    return { ...base, status: 'needs_user_input', note: 'Waiting for your answer in its chat.' };
  if (report.outcome === 'done' || report.outcome === 'cancelled') {
    if (job.schedule.type === 'once')
      return { ...base, status: report.outcome === 'done' ? 'completed' : 'cancelled', note: null };
    return {
      ...base,
      status: 'pending',
      failures: 0,
      note: null,
      nextRunAt: nextSlot(job.schedule, now),
    };
  }
  const failures = job.failures + 1;
  if (job.schedule.type === 'once' || failures >= MAX_FAILURES)
    return {
      ...base,
      failures,
      status: 'failed',
      nextRunAt: null,
      note:
        job.schedule.type === 'once'
          ? `Failed: ${report.message}`
          : `Stopped after ${failures} failed runs in a row. Last: ${report.message}`,
    };
  const interval = job.schedule.intervalMinutes * MINUTE_MS;
  const backoff = Math.min(interval * 2 ** (failures - 1), Math.max(MAX_BACKOFF_MS, interval));
  return {
    ...base,
    failures,
    status: 'pending',
    nextRunAt: Math.max(now + backoff, nextSlot(job.schedule, now)),
    note: `The last run failed (${failures} of ${MAX_FAILURES} before it stops); trying again later.`,
  };
}

/** A new worker instance: runs the old one left going are run again, none is lost. */
export function onRestart(job: Job, now: number): Job {
  if (!ACTIVE.has(job.status)) return job;
  return {
    ...job,
    status: 'queued',
    nextRunAt: now,
    note: 'Queued again: the browser stopped the run before it finished.',
    updatedAt: now,
  };
}
