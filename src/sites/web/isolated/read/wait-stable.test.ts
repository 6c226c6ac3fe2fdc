// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { waitStable } from './wait-stable';

const request = (overrides: Partial<Parameters<typeof waitStable>[0]> = {}) => ({
  quietMs: 150,
  maxMs: 1_000,
  quietSoFarMs: 0,
  network: false,
  ...overrides,
});

describe('waitStable', () => {
  it('is quiet once nothing changed for quietMs', async () => {
    const slice = await waitStable(request(), new AbortController().signal);
    expect(slice).toMatchObject({ quiet: true, mutations: 0 });
    expect(slice.elapsedMs).toBeGreaterThanOrEqual(140);
  });

  it('counts the quiet time a previous slice saw', async () => {
    const slice = await waitStable(request({ quietSoFarMs: 150 }), new AbortController().signal);
    expect(slice.quiet).toBe(true);
    expect(slice.elapsedMs).toBeLessThan(100);
  });

  it('ends its slice unquiet while the page keeps changing, with the changes counted', async () => {
    const timer = setInterval(() => document.body.append(document.createElement('i')), 20);
    const slice = await waitStable(request({ maxMs: 400 }), new AbortController().signal);
    clearInterval(timer);
    expect(slice.quiet).toBe(false);
    expect(slice.mutations).toBeGreaterThan(5);
    expect(slice.elapsedMs).toBeLessThan(800);
  });

  it('ends at once when its signal aborts', async () => {
    const controller = new AbortController();
    const waiting = waitStable(request({ quietMs: 3_000, maxMs: 3_000 }), controller.signal);
    setTimeout(() => controller.abort(), 50);
    const slice = await waiting;
    expect(slice.quiet).toBe(false);
    expect(slice.elapsedMs).toBeLessThan(1_000);
  });
});
