import { describe, expect, it } from 'vitest';
import { createCompletionStats, median, MAX_LATENCY_SAMPLES } from './completion-stats';

function memory(initial: unknown = undefined) {
  let value = initial;
  return {
    storage: {
      load: () => Promise.resolve(value),
      save: (record: unknown) => {
        value = record;
        return Promise.resolve();
      },
    },
    value: () => value,
  };
}

describe('completion stats', () => {
  it('counts shown, accepted and dismissed and reports the median latency and the rate', async () => {
    const area = memory();
    const stats = createCompletionStats(area.storage);
    await Promise.all([
      stats.shown(100),
      stats.shown(300),
      stats.shown(200),
      stats.outcome('accepted'),
    ]);
    await stats.outcome('dismissed');
    expect(await stats.summary()).toEqual({
      shown: 3,
      accepted: 1,
      dismissed: 1,
      medianLatencyMs: 200,
      acceptanceRate: 1 / 3,
    });
    // A new worker instance reads what the last one saved.
    expect((await createCompletionStats(memory(area.value()).storage).summary()).shown).toBe(3);
  });

  it('starts again from zero when the stored record is damaged, and keeps the latest samples', async () => {
    const stats = createCompletionStats(memory({ shown: -4, latenciesMs: 'x' }).storage);
    expect(await stats.summary()).toEqual({
      shown: 0,
      accepted: 0,
      dismissed: 0,
      medianLatencyMs: null,
      acceptanceRate: null,
    });
    for (let index = 0; index < MAX_LATENCY_SAMPLES + 10; index += 1) await stats.shown(index);
    expect((await stats.summary()).medianLatencyMs).toBe(
      median(Array.from({ length: MAX_LATENCY_SAMPLES }, (_, index) => index + 10)),
    );
  });
});
