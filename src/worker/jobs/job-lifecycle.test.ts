import { describe, expect, it } from 'vitest';
import { JobSchema, type Job } from '../../shared/protocol/job-records';
import {
  LATE_AFTER_MS,
  MAX_DEFERRALS,
  MAX_FAILURES,
  MINUTE_MS,
  QUEUE_RETRY_MS,
  createJob,
  lateNote,
  nextSlot,
  onAlarm,
  onRestart,
  onRunEnd,
} from './job-lifecycle';
import { T0, newTask, recurringJob, storedJob } from './__fixtures__/jobs';

const DUE = T0 + 60_000;
const facts = (now: number, overrides: { enabled?: boolean; busy?: boolean } = {}) => ({
  now,
  enabled: true,
  busy: false,
  ...overrides,
});
const done = { outcome: 'done' as const, message: 'Done.', code: null, sessionId: 'chat-1' };
const failed = {
  outcome: 'error' as const,
  message: 'The page did not load.',
  code: 'X',
  sessionId: 'chat-1',
};

describe('createJob', () => {
  it('makes a pending job due at its time that the record schema accepts', () => {
    const change = createJob(newTask(), 'job-9', T0);
    expect(change.ok).toBe(true);
    if (!change.ok) return;
    expect(change.job).toMatchObject({
      id: 'job-9',
      status: 'pending',
      nextRunAt: DUE,
      runCount: 0,
    });
    expect(JobSchema.safeParse(change.job).success).toBe(true);
  });

  it('accepts intervals of exactly 1 minute and 1 year and refuses outside them', () => {
    const at = (intervalMinutes: number) =>
      createJob(
        newTask({ schedule: { type: 'recurring', intervalMinutes, startAt: T0 } }),
        'j',
        T0,
      );
    expect(at(1).ok).toBe(true);
    expect(at(525_600).ok).toBe(true);
    expect(at(0)).toMatchObject({ ok: false, code: 'JOB_SCHEDULE_INVALID' });
    expect(at(525_601)).toMatchObject({ ok: false, code: 'JOB_SCHEDULE_INVALID' });
    expect(at(1.5)).toMatchObject({ ok: false, code: 'JOB_SCHEDULE_INVALID' });
  });

  it('refuses a time in the past or more than a year ahead', () => {
    const past = createJob(newTask({ schedule: { type: 'once', runAt: T0 - MINUTE_MS } }), 'j', T0);
    expect(past).toMatchObject({ ok: false, message: 'That time has already passed.' });
    const far = createJob(
      newTask({ schedule: { type: 'once', runAt: T0 + 366 * 1_440 * MINUTE_MS } }),
      'j',
      T0,
    );
    expect(far).toMatchObject({ ok: false, code: 'JOB_SCHEDULE_INVALID' });
  });

  it('refuses a resume job without a chat to continue', () => {
    expect(createJob(newTask({ kind: 'resume' }), 'j', T0)).toMatchObject({ ok: false });
    expect(createJob(newTask({ kind: 'resume', sessionId: 'chat-1' }), 'j', T0).ok).toBe(true);
  });
});

describe('onAlarm', () => {
  it('starts a due pending job and marks it running', () => {
    const decision = onAlarm(storedJob(), facts(DUE));
    expect(decision).toMatchObject({
      action: 'start',
      lateMs: 0,
      job: { status: 'running', nextRunAt: null },
    });
  });

  it('ignores a stale alarm for a job that is not due, paused, running or ended', () => {
    expect(onAlarm(storedJob(), facts(DUE - MINUTE_MS)).action).toBe('ignore');
    for (const status of [
      'paused',
      'running',
      'needs_user_input',
      'completed',
      'cancelled',
      'failed',
    ] as const)
      expect(onAlarm(storedJob({ status }), facts(DUE)).action).toBe('ignore');
  });

  it('pauses instead of running when scheduled tasks are off, saying why', () => {
    const decision = onAlarm(storedJob(), facts(DUE, { enabled: false }));
    expect(decision).toMatchObject({ action: 'stop', job: { status: 'paused', nextRunAt: null } });
    if (decision.action === 'stop') expect(decision.job.note).toMatch(/turned off/);
  });

  it('queues a job whose tab is busy, retrying every 30 s', () => {
    const decision = onAlarm(storedJob(), facts(DUE, { busy: true }));
    expect(decision).toMatchObject({
      action: 'wait',
      job: { status: 'queued', nextRunAt: DUE + QUEUE_RETRY_MS, deferrals: 1 },
    });
  });

  it('fails after 120 deferrals, keeping the job with the reason', () => {
    let job = storedJob();
    let now = DUE;
    let decision = onAlarm(job, facts(now, { busy: true }));
    let waits = 0;
    while (decision.action === 'wait') {
      waits += 1;
      job = decision.job;
      now = job.nextRunAt ?? now;
      decision = onAlarm(job, facts(now, { busy: true }));
    }
    expect(waits).toBe(MAX_DEFERRALS - 1);
    expect(decision).toMatchObject({
      action: 'stop',
      job: { status: 'failed', deferrals: MAX_DEFERRALS },
    });
    if (decision.action === 'stop') expect(decision.job.note).toMatch(/busy for 120 tries/);
  });

  it('measures lateness from the first due time, across busy retries', () => {
    const queued = storedJob({
      status: 'queued',
      deferrals: 4,
      nextRunAt: DUE + 4 * QUEUE_RETRY_MS,
    });
    const decision = onAlarm(queued, facts(DUE + 4 * QUEUE_RETRY_MS));
    expect(decision).toMatchObject({ action: 'start', lateMs: 4 * QUEUE_RETRY_MS });
  });

  it('starts one run for an alarm a week late, not one per missed slot', () => {
    const week = 7 * 1_440 * MINUTE_MS;
    const job = recurringJob(1, { nextRunAt: DUE });
    const decision = onAlarm(job, facts(DUE + week));
    expect(decision).toMatchObject({ action: 'start', lateMs: week });
    if (decision.action !== 'start') return;
    const after = onRunEnd(decision.job, done, DUE + week + 30_000);
    expect(after.runCount).toBe(1);
    expect(after.nextRunAt).toBe(DUE + week + MINUTE_MS);
    expect(lateNote(decision.lateMs)).toBe(
      'Ran 7 days late (the browser was closed or asleep when it was due); missed runs were not repeated.',
    );
  });
});

describe('lateNote', () => {
  it('says nothing for an on-time start and counts minutes and hours', () => {
    expect(lateNote(LATE_AFTER_MS)).toBeNull();
    expect(lateNote(10 * MINUTE_MS)).toMatch(/^Ran 10 minutes late/);
    expect(lateNote(5 * 60 * MINUTE_MS)).toMatch(/^Ran 5 hours late/);
  });
});

describe('nextSlot', () => {
  it('is the first slot strictly after now, or the start before it', () => {
    const schedule = { type: 'recurring' as const, intervalMinutes: 10, startAt: DUE };
    expect(nextSlot(schedule, DUE - 1)).toBe(DUE);
    expect(nextSlot(schedule, DUE)).toBe(DUE + 10 * MINUTE_MS);
    expect(nextSlot(schedule, DUE + 25 * MINUTE_MS)).toBe(DUE + 30 * MINUTE_MS);
  });
});

describe('onRunEnd', () => {
  const running = (job = storedJob()) => ({ ...job, status: 'running' as const, nextRunAt: null });

  it('completes a one-time job and records the result with its chat', () => {
    const after = onRunEnd(running(), done, DUE + 5_000);
    expect(after).toMatchObject({ status: 'completed', runCount: 1, nextRunAt: null });
    expect(after.lastResult).toEqual({
      at: DUE + 5_000,
      outcome: 'done',
      message: 'Done.',
      code: null,
      sessionId: 'chat-1',
    });
  });

  it('fails a one-time job whose run failed, saying why', () => {
    expect(onRunEnd(running(), failed, DUE)).toMatchObject({
      status: 'failed',
      note: 'Failed: The page did not load.',
    });
  });

  it('advances a recurring job to its next slot after a good run', () => {
    const after = onRunEnd(running(recurringJob(5, { failures: 2 })), done, DUE + 1_000);
    expect(after).toMatchObject({ status: 'pending', failures: 0, nextRunAt: DUE + 5 * MINUTE_MS });
  });

  it('backs off a failing minute job and stops it after 5 failures in a row', () => {
    let job: Job = running(recurringJob(1));
    let now = DUE;
    const gaps: number[] = [];
    for (let run = 1; run < MAX_FAILURES; run += 1) {
      job = onRunEnd(job, failed, now);
      expect(job.status).toBe('pending');
      gaps.push((job.nextRunAt ?? 0) - now);
      now = job.nextRunAt ?? now;
      job = { ...job, status: 'running' as const, nextRunAt: null };
    }
    expect(gaps).toEqual([1, 2, 4, 8].map((minutes) => minutes * MINUTE_MS));
    const stopped = onRunEnd(job, failed, now);
    expect(stopped).toMatchObject({ status: 'failed', failures: MAX_FAILURES, nextRunAt: null });
    expect(stopped.note).toMatch(/^Stopped after 5 failed runs in a row/);
  });

  it('waits for the person when the run asked a question', () => {
    const after = onRunEnd(running(), { ...done, needsInput: true }, DUE);
    expect(after).toMatchObject({ status: 'needs_user_input' });
  });

  it('records a refused start as a failure with its code', () => {
    const after = onRunEnd(
      running(),
      { outcome: 'refused', message: 'Tab gone.', code: 'JOB_TARGET_TAB_GONE', sessionId: null },
      DUE,
    );
    expect(after).toMatchObject({
      status: 'failed',
      lastResult: { outcome: 'refused', code: 'JOB_TARGET_TAB_GONE' },
    });
  });
});

describe('onRestart', () => {
  it('demotes running and needs_user_input jobs to queued, due now', () => {
    for (const status of ['running', 'needs_user_input'] as const)
      expect(onRestart(storedJob({ status, nextRunAt: null }), DUE)).toMatchObject({
        status: 'queued',
        nextRunAt: DUE,
      });
  });

  it('leaves every other job as it was', () => {
    for (const status of [
      'pending',
      'queued',
      'paused',
      'completed',
      'cancelled',
      'failed',
    ] as const) {
      const job = storedJob({ status });
      expect(onRestart(job, DUE)).toBe(job);
    }
  });
});
