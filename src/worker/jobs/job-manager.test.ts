import { describe, expect, it } from 'vitest';
import 'fake-indexeddb/auto';
import { DEFAULT_JOB_SETTINGS } from '../../shared/protocol/job-messages';
import type { Job } from '../../shared/protocol/job-records';
import { MINUTE_MS, QUEUE_RETRY_MS } from './job-lifecycle';
import { createJobManager } from './job-manager';
import { T0, newTask, storedJob } from './__fixtures__/jobs';
import { fakeAlarms, fakeJobsStore, fakeRunner, settle } from './__fixtures__/job-fakes';

const DUE = T0 + MINUTE_MS;
const done = { outcome: 'done' as const, message: 'All good.', code: null, sessionId: 'chat-7' };

function setup(factory?: ReturnType<typeof fakeJobsStore>['factory']) {
  const clock = { now: T0 };
  const { store, factory: usedFactory } = fakeJobsStore(factory);
  const alarms = fakeAlarms();
  const runner = fakeRunner();
  const notified: Job[] = [];
  let ids = 0;
  const manager = createJobManager({
    store,
    alarms,
    runner,
    notices: { notify: (job) => notified.push(job) },
    createId: () => `job-${(ids += 1)}`,
    now: () => clock.now,
  });
  return { clock, store, alarms, runner, notified, manager, factory: usedFactory };
}

describe('createJobManager', () => {
  it('stores a new job and sets its alarm', async () => {
    const { manager, alarms, store } = setup();
    const job = await manager.create(newTask());
    expect(alarms.due.get(job.id)).toBe(DUE);
    expect(await store.get(job.id)).toMatchObject({ status: 'pending', title: 'Check the price' });
  });

  it('refuses a bad schedule with a code and stores nothing', async () => {
    const { manager, store, alarms } = setup();
    await expect(
      manager.create(newTask({ schedule: { type: 'recurring', intervalMinutes: 0, startAt: T0 } })),
    ).rejects.toMatchObject({ code: 'JOB_SCHEDULE_INVALID' });
    expect(await store.list()).toEqual([]);
    expect(alarms.due.size).toBe(0);
  });

  it('runs a one-time job when its alarm fires, then completes it and notifies', async () => {
    const { manager, alarms, runner, store, clock, notified } = setup();
    const job = await manager.create(newTask());
    clock.now = DUE;
    await manager.fire(job.id, DEFAULT_JOB_SETTINGS);
    expect(runner.runs).toHaveLength(1);
    expect(await store.get(job.id)).toMatchObject({ status: 'running' });
    expect(alarms.due.has(job.id)).toBe(false);
    runner.runs[0]?.end(done);
    await manager.idle();
    expect(await store.get(job.id)).toMatchObject({
      status: 'completed',
      runCount: 1,
      lastResult: { outcome: 'done', sessionId: 'chat-7' },
    });
    expect(notified.map((entry) => entry.status)).toEqual(['completed']);
  });

  it('runs a recurring job twice, re-arming the alarm after each run', async () => {
    const { manager, alarms, runner, store, clock } = setup();
    const job = await manager.create(
      newTask({ schedule: { type: 'recurring', intervalMinutes: 1, startAt: DUE } }),
    );
    for (const round of [1, 2]) {
      clock.now = alarms.due.get(job.id) ?? 0;
      await manager.fire(job.id, DEFAULT_JOB_SETTINGS);
      runner.runs[round - 1]?.end(done);
      await manager.idle();
    }
    expect(runner.runs).toHaveLength(2);
    expect(await store.get(job.id)).toMatchObject({ status: 'pending', runCount: 2 });
    expect(alarms.due.get(job.id)).toBe(DUE + 2 * MINUTE_MS);
  });

  it('queues behind a busy tab and retries in 30 s', async () => {
    const { manager, alarms, runner, store, clock } = setup();
    const job = await manager.create(newTask());
    runner.busy = true;
    clock.now = DUE;
    await manager.fire(job.id, DEFAULT_JOB_SETTINGS);
    expect(runner.runs).toHaveLength(0);
    expect(await store.get(job.id)).toMatchObject({ status: 'queued', deferrals: 1 });
    expect(alarms.due.get(job.id)).toBe(DUE + QUEUE_RETRY_MS);
  });

  it('pauses a due job when scheduled tasks are off', async () => {
    const { manager, alarms, runner, store, clock } = setup();
    const job = await manager.create(newTask());
    clock.now = DUE;
    await manager.fire(job.id, { ...DEFAULT_JOB_SETTINGS, enabled: false });
    expect(runner.runs).toHaveLength(0);
    expect(await store.get(job.id)).toMatchObject({ status: 'paused' });
    expect(alarms.due.has(job.id)).toBe(false);
  });

  it('ignores a second alarm while the job runs', async () => {
    const { manager, runner, clock } = setup();
    const job = await manager.create(newTask());
    clock.now = DUE;
    await manager.fire(job.id, DEFAULT_JOB_SETTINGS);
    await manager.fire(job.id, DEFAULT_JOB_SETTINGS);
    expect(runner.runs).toHaveLength(1);
  });

  it('says a late run was late in its result', async () => {
    const { manager, runner, store, clock } = setup();
    const job = await manager.create(newTask());
    clock.now = DUE + 3 * 1_440 * MINUTE_MS;
    await manager.fire(job.id, DEFAULT_JOB_SETTINGS);
    expect(runner.runs[0]?.hooks.lateNote).toMatch(/^Ran 3 days late/);
    runner.runs[0]?.end(done);
    await manager.idle();
    expect((await store.get(job.id))?.lastResult?.message).toMatch(/All good\. Ran 3 days late/);
  });

  it('records a runner that throws as a failed run, keeping the job', async () => {
    const { manager, store, clock, alarms } = setup();
    const job = await manager.create(newTask());
    const failing = createJobManager({
      store,
      alarms,
      runner: {
        isBusy: async () => false,
        run: async () => {
          throw new Error('No model is set up.');
        },
      },
      createId: () => 'unused',
      now: () => clock.now,
    });
    clock.now = DUE;
    await failing.fire(job.id, DEFAULT_JOB_SETTINGS);
    await failing.idle();
    expect(await store.get(job.id)).toMatchObject({
      status: 'failed',
      lastResult: { outcome: 'error', message: 'No model is set up.' },
    });
  });

  it('marks a job waiting for input while its run asks a question, and notifies', async () => {
    const { manager, runner, store, clock, notified } = setup();
    const job = await manager.create(newTask());
    clock.now = DUE;
    await manager.fire(job.id, DEFAULT_JOB_SETTINGS);
    runner.runs[0]?.hooks.waiting(true, 'chat-7');
    await settle();
    expect(await store.get(job.id)).toMatchObject({ status: 'needs_user_input' });
    expect(notified.map((entry) => entry.status)).toEqual(['needs_user_input']);
    runner.runs[0]?.hooks.waiting(false, 'chat-7');
    runner.runs[0]?.end(done);
    await manager.idle();
    expect(await store.get(job.id)).toMatchObject({ status: 'completed' });
  });

  it('keeps a job deleted while it ran deleted', async () => {
    const { manager, runner, store, clock } = setup();
    const job = await manager.create(newTask());
    clock.now = DUE;
    await manager.fire(job.id, DEFAULT_JOB_SETTINGS);
    expect(await manager.delete(job.id)).toBe(true);
    runner.runs[0]?.end(done);
    await manager.idle();
    expect(await store.get(job.id)).toBeNull();
  });

  it('re-queues a job a previous worker left running and re-arms its alarm on start', async () => {
    const first = setup();
    await first.store.put(storedJob({ id: 'job-a', status: 'running', nextRunAt: null }));
    await first.store.put(storedJob({ id: 'job-b', status: 'completed', nextRunAt: null }));
    const second = setup(first.factory);
    second.clock.now = DUE + 10_000;
    expect(await second.manager.start()).toBe(1);
    expect(await second.store.get('job-a')).toMatchObject({
      status: 'queued',
      nextRunAt: DUE + 10_000,
    });
    expect(second.alarms.due.get('job-a')).toBe(DUE + 10_000);
    expect(await second.store.get('job-b')).toMatchObject({ status: 'completed' });
    await second.manager.fire('job-a', DEFAULT_JOB_SETTINGS);
    second.runner.runs[0]?.end(done);
    await second.manager.idle();
    expect(await second.store.get('job-a')).toMatchObject({ status: 'completed', runCount: 1 });
  });

  it('applies person actions and refuses unknown ids with JOB_NOT_FOUND', async () => {
    const { manager, alarms } = setup();
    const job = await manager.create(newTask());
    expect((await manager.pause(job.id)).status).toBe('paused');
    expect(alarms.due.has(job.id)).toBe(false);
    expect((await manager.resume(job.id)).status).toBe('pending');
    expect(alarms.due.get(job.id)).toBe(DUE);
    expect((await manager.runNow(job.id)).nextRunAt).toBe(T0);
    expect((await manager.edit(job.id, { title: 'Kettle price' })).title).toBe('Kettle price');
    await expect(manager.pause('nope')).rejects.toMatchObject({ code: 'JOB_NOT_FOUND' });
    await expect(manager.resume(job.id)).rejects.toMatchObject({ code: 'JOB_STATE_CONFLICT' });
  });
  it('makes room by deleting the oldest ended jobs, and refuses when 200 are live', async () => {
    const { manager, store } = setup();
    for (let index = 0; index < 200; index += 1)
      await store.put(
        storedJob({ id: `old-${index}`, status: 'completed', nextRunAt: null, updatedAt: index }),
      );
    await manager.create(newTask());
    const ids = (await store.list()).map((job) => job.id);
    expect(ids).toHaveLength(200);
    expect(ids).not.toContain('old-0');
    expect(ids).toContain('old-1');
    for (let index = 0; index < 200; index += 1) await store.put(storedJob({ id: `old-${index}` }));
    await expect(manager.create(newTask())).rejects.toMatchObject({ code: 'JOB_LIMIT_REACHED' });
  });
});

describe('createJobsStore', () => {
  it('skips a damaged record and counts it, keeping the others', async () => {
    const { store, factory, problems } = fakeJobsStore();
    await store.put(storedJob({ id: 'good' }));
    const request = factory.open('jobs.database.v1');
    await new Promise((resolve) => (request.onsuccess = resolve));
    const tx = request.result.transaction('jobs', 'readwrite');
    tx.objectStore('jobs').put({ id: 'bad', status: 'exploded' });
    await new Promise((resolve) => (tx.oncomplete = resolve));
    request.result.close();
    expect((await store.list()).map((job) => job.id)).toEqual(['good']);
    expect(problems).toEqual(['skipped a damaged scheduled job']);
  });

  it('defaults settings to on with confirmation, and saves them', async () => {
    const { store } = fakeJobsStore();
    expect(await store.settings()).toEqual({ enabled: true, confirmConsequential: true });
    await store.saveSettings({ enabled: false, confirmConsequential: true });
    expect(await store.settings()).toEqual({ enabled: false, confirmConsequential: true });
  });
});
