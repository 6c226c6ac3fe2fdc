import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from './job-lifecycle';
import { cancel, edit, pause, resume, runNow } from './job-actions';
import { T0, recurringJob, storedJob } from './__fixtures__/jobs';

const DUE = T0 + 60_000;

describe('person actions', () => {
  it('pauses and resumes, resuming a passed time at once', () => {
    const paused = pause(storedJob(), T0);
    expect(paused).toMatchObject({ ok: true, job: { status: 'paused', nextRunAt: null } });
    if (!paused.ok) return;
    expect(resume(paused.job, DUE + MINUTE_MS)).toMatchObject({
      ok: true,
      job: { status: 'pending', nextRunAt: DUE + MINUTE_MS },
    });
    expect(resume(storedJob(), T0)).toMatchObject({ ok: false, code: 'JOB_STATE_CONFLICT' });
  });

  it('resumes a recurring job at its next slot', () => {
    const paused = recurringJob(10, { status: 'paused', nextRunAt: null });
    expect(resume(paused, DUE + 15 * MINUTE_MS)).toMatchObject({
      ok: true,
      job: { nextRunAt: DUE + 20 * MINUTE_MS },
    });
  });

  it('refuses to pause, edit or run now a running job', () => {
    const running = storedJob({ status: 'running' });
    expect(pause(running, T0)).toMatchObject({ ok: false, code: 'JOB_STATE_CONFLICT' });
    expect(edit(running, { title: 'New' }, T0)).toMatchObject({
      ok: false,
      code: 'JOB_STATE_CONFLICT',
    });
    expect(runNow(running, T0)).toMatchObject({ ok: false, code: 'JOB_STATE_CONFLICT' });
  });

  it('runs a completed one-time job again on Run now', () => {
    expect(runNow(storedJob({ status: 'completed', nextRunAt: null }), DUE)).toMatchObject({
      ok: true,
      job: { status: 'queued', nextRunAt: DUE },
    });
  });

  it('cancels a live job but not an ended one', () => {
    expect(cancel(storedJob(), T0)).toMatchObject({
      ok: true,
      job: { status: 'cancelled', nextRunAt: null },
    });
    expect(cancel(storedJob({ status: 'failed' }), T0)).toMatchObject({ ok: false });
  });

  it('edits text in place and reschedules on a new schedule, refusing a bad one unchanged', () => {
    const job = storedJob({ status: 'failed', nextRunAt: null });
    expect(edit(job, { title: 'Renamed' }, T0)).toMatchObject({
      ok: true,
      job: { title: 'Renamed', status: 'failed' },
    });
    const moved = edit(job, { schedule: { type: 'once', runAt: T0 + 2 * MINUTE_MS } }, T0);
    expect(moved).toMatchObject({
      ok: true,
      job: { status: 'pending', nextRunAt: T0 + 2 * MINUTE_MS },
    });
    expect(
      edit(job, { schedule: { type: 'recurring', intervalMinutes: 0, startAt: T0 } }, T0),
    ).toMatchObject({
      ok: false,
      code: 'JOB_SCHEDULE_INVALID',
    });
  });
});
