import { describe, expect, it } from 'vitest';
import { contextFor, resultOf, run } from './__fixtures__/read-context';

describe('wait_for_stable', () => {
  const slice = (quiet: boolean, quietForMs: number) => ({
    quiet,
    elapsedMs: 100,
    mutations: 5,
    resources: 1,
    quietForMs,
    readyState: 'complete',
  });

  it('strings slices together, carrying the quiet time seen so far, until one is quiet', async () => {
    const answers = [slice(false, 120), slice(false, 300), slice(true, 500)];
    const { context, calls } = contextFor({ 'web/wait-stable': () => answers.shift() });
    const result = resultOf(await run('wait_for_stable', { quiet_ms: 500 }, context));
    expect(result).toMatchObject({ stable: true, timed_out: false, mutations: 15 });
    expect(calls.map((call) => (call.payload as { quietSoFarMs: number }).quietSoFarMs)).toEqual([
      0, 120, 300,
    ]);
  });

  it('stops at its timeout with timed_out', async () => {
    const { context, calls } = contextFor({
      'web/wait-stable': async (payload: { maxMs: number }) => {
        await new Promise((resolve) => setTimeout(resolve, payload.maxMs));
        return slice(false, 0);
      },
    });
    const result = resultOf(await run('wait_for_stable', { timeout_ms: 300 }, context));
    expect(result).toMatchObject({ stable: false, timed_out: true });
    expect(calls.length).toBeLessThanOrEqual(2);
  });

  it('ends when the run is stopped instead of asking for more slices', async () => {
    const controller = new AbortController();
    const { context, calls } = contextFor(
      {
        'web/wait-stable': () => {
          controller.abort();
          return slice(false, 0);
        },
      },
      { signal: controller.signal },
    );
    await expect(run('wait_for_stable', { timeout_ms: 20_000 }, context)).rejects.toThrow();
    expect(calls).toHaveLength(1);
  });
});
