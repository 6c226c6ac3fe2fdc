import { describe, expect, it } from 'vitest';
import type { TraceRun } from '../../shared/protocol/trace-records';
import { createTestTracesStore } from './__fixtures__/trace-fakes';
import { runsOverLimits } from './traces.store';

const runAt = (runId: string, startedAt: number, bytes: number): TraceRun => ({
  runId,
  sessionId: 'session-1',
  title: runId,
  siteId: 'web',
  startedAt,
  endedAt: startedAt + 1,
  status: 'done',
  events: 1,
  bytes,
});

const eventOf = (runId: string, seq: number) => ({
  runId,
  seq,
  at: seq,
  kind: 'notice' as const,
  phase: 'main-loop' as const,
  summary: `event ${seq}`,
  detail: '"x"',
});

describe('traces store', () => {
  it('keeps a run with its events in order and deletes them together', async () => {
    const store = await createTestTracesStore();
    await store.append(runAt('run-a', 1, 10), eventOf('run-a', 0));
    await store.append(runAt('run-a', 1, 20), eventOf('run-a', 1));
    await store.append(runAt('run-b', 2, 5), eventOf('run-b', 0));
    const found = await store.get('run-a');
    expect(found?.run.bytes).toBe(20);
    expect(found?.events.map((event) => event.seq)).toEqual([0, 1]);
    expect((await store.list()).map((run) => run.runId)).toEqual(['run-b', 'run-a']);
    expect(await store.delete('run-a')).toBe(true);
    expect(await store.get('run-a')).toBeNull();
    expect(await store.delete('run-a')).toBe(false);
    // The other run's events are untouched by the range delete.
    expect((await store.get('run-b'))?.events).toHaveLength(1);
    expect(await store.clear()).toBe(1);
    expect(await store.list()).toEqual([]);
  });

  it('deletes the oldest runs first until the count limit holds', async () => {
    const store = await createTestTracesStore();
    for (let index = 0; index < 5; index += 1)
      await store.append(runAt(`run-${index}`, 100 + index, 10), eventOf(`run-${index}`, 0));
    expect(await store.enforce({ maxRuns: 3, maxBytes: 1_000 })).toBe(2);
    expect((await store.list()).map((run) => run.runId)).toEqual(['run-4', 'run-3', 'run-2']);
    expect(await store.get('run-0')).toBeNull();
  });

  it('deletes the oldest runs first until the byte limit holds, never the running one', async () => {
    const store = await createTestTracesStore();
    await store.append(runAt('old', 1, 600), eventOf('old', 0));
    await store.append(runAt('middle', 2, 300), eventOf('middle', 0));
    await store.append(runAt('new', 3, 300), eventOf('new', 0));
    expect(await store.enforce({ maxRuns: 50, maxBytes: 700 })).toBe(1);
    expect((await store.list()).map((run) => run.runId)).toEqual(['new', 'middle']);
    // `keep` is skipped even when it is the oldest.
    expect(
      runsOverLimits([runAt('a', 1, 500), runAt('b', 2, 500)], { maxRuns: 1, maxBytes: 10 }, 'a'),
    ).toEqual(['b']);
  });

  it('reads the settings as saved, off by default', async () => {
    const store = await createTestTracesStore({});
    expect((await store.settings()).enabled).toBe(false);
    await store.saveSettings({ enabled: true, maxRuns: 3, maxMegabytes: 2 });
    expect(await store.settings()).toEqual({ enabled: true, maxRuns: 3, maxMegabytes: 2 });
  });
});
