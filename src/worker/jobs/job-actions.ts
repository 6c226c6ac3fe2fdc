// ## Owns
// What the person can do to a job from the Scheduled view (pause, resume, run now,
// cancel, edit), as pure lifecycle steps. A refusal says why and changes nothing.
import type { Job, JobEdit } from '../../shared/protocol/job-records';
import {
  ACTIVE,
  isTerminal,
  nextSlot,
  refuse,
  scheduleProblem,
  type Change,
} from './job-lifecycle';

export function pause(job: Job, now: number): Change {
  if (isTerminal(job) || ACTIVE.has(job.status))
    return refuse(
      'JOB_STATE_CONFLICT',
      `A ${job.status.replace(/_/g, ' ')} task cannot be paused.`,
    );
  return {
    ok: true,
    job: { ...job, status: 'paused', nextRunAt: null, note: 'Paused.', updatedAt: now },
  };
}

/** Resumes a paused job at its next due time (a due time that passed: now). */
export function resume(job: Job, now: number): Change {
  if (job.status !== 'paused')
    return refuse('JOB_STATE_CONFLICT', 'Only a paused task can be resumed.');
  const due =
    job.schedule.type === 'once'
      ? Math.max(job.schedule.runAt, now)
      : nextSlot(job.schedule, now - 1);
  return {
    ok: true,
    job: {
      ...job,
      status: 'pending',
      nextRunAt: due,
      deferrals: 0,
      failures: 0,
      note: null,
      updatedAt: now,
    },
  };
}

/** Run now: due at once (a finished one-time task runs once more). */
export function runNow(job: Job, now: number): Change {
  if (ACTIVE.has(job.status)) return refuse('JOB_STATE_CONFLICT', 'This task is already running.');
  return {
    ok: true,
    job: { ...job, status: 'queued', nextRunAt: now, deferrals: 0, note: null, updatedAt: now },
  };
}

export function cancel(job: Job, now: number): Change {
  if (isTerminal(job)) return refuse('JOB_STATE_CONFLICT', 'This task has already ended.');
  return {
    ok: true,
    job: { ...job, status: 'cancelled', nextRunAt: null, note: 'Cancelled.', updatedAt: now },
  };
}

/** Edits a job that is not running; a new schedule makes it pending at its first time. */
export function edit(job: Job, patch: JobEdit, now: number): Change {
  if (ACTIVE.has(job.status))
    return refuse('JOB_STATE_CONFLICT', 'A running task cannot be edited.');
  const schedule = patch.schedule ?? job.schedule;
  if (patch.schedule) {
    const problem = scheduleProblem(patch.schedule, now);
    if (problem) return refuse('JOB_SCHEDULE_INVALID', problem);
  }
  const next = {
    ...job,
    title: patch.title ?? job.title,
    prompt: patch.prompt ?? job.prompt,
    schedule,
    updatedAt: now,
  };
  if (!patch.schedule) return { ok: true, job: next };
  const due = schedule.type === 'once' ? schedule.runAt : schedule.startAt;
  return {
    ok: true,
    job: {
      ...next,
      status: 'pending',
      nextRunAt: Math.max(due, now),
      deferrals: 0,
      failures: 0,
      note: null,
    },
  };
}
