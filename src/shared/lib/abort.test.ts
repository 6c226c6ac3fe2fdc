import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProtocolFailure } from '../protocol/envelope';
import { delay, linkSignals, raceAbort, signalReason } from './abort';

const CALLS = 10_000;
const abortListeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

describe('abort helpers on one long-lived run signal', () => {
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);

  afterEach(() => {
    process.off('warning', onWarning);
    warnings.length = 0;
  });

  it('keeps no listener per finished call after 10,000 linked operations', async () => {
    process.on('warning', onWarning);
    const run = new AbortController();
    let peak = 0;
    for (let call = 0; call < CALLS; call += 1) {
      const linked = linkSignals([run.signal], 60_000);
      peak = Math.max(peak, abortListeners(run.signal));
      await Promise.resolve();
      linked.abort();
    }
    expect(peak).toBe(1);
    expect(abortListeners(run.signal)).toBe(0);
    // Node warns once an EventTarget holds more than 10 listeners of one type.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual(
      [],
    );
  });

  it('keeps no listener after 10,000 races and 10,000 delays', async () => {
    const run = new AbortController();
    for (let call = 0; call < CALLS; call += 1) {
      await raceAbort(Promise.resolve(call), run.signal);
      await raceAbort(Promise.reject(new Error('no')), run.signal).catch(() => undefined);
    }
    // Timers of 0 ms still take about a millisecond each, so the delays run together.
    const delays = Array.from({ length: CALLS }, () => delay(0, run.signal));
    expect(abortListeners(run.signal)).toBe(CALLS);
    await Promise.all(delays);
    expect(abortListeners(run.signal)).toBe(0);
  });

  it('still links: an input abort reaches the linked signal with its reason, once', () => {
    const run = new AbortController();
    const other = new AbortController();
    const linked = linkSignals([run.signal, undefined, other.signal]);
    run.abort(new ProtocolFailure('CANCELLED', 'Stop.'));
    expect(linked.signal.aborted).toBe(true);
    expect(linked.signal.reason).toMatchObject({ code: 'CANCELLED' });
    expect(abortListeners(run.signal)).toBe(0);
    expect(abortListeners(other.signal)).toBe(0);
  });

  it('times out with TIMEOUT and detaches the input when the timer fires', () => {
    vi.useFakeTimers();
    try {
      const run = new AbortController();
      const linked = linkSignals([run.signal], 100);
      vi.advanceTimersByTime(100);
      expect(linked.signal.reason).toMatchObject({ code: 'TIMEOUT' });
      expect(abortListeners(run.signal)).toBe(0);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts aborted when an input already is, adding no listener', () => {
    const run = new AbortController();
    run.abort('gone');
    const linked = linkSignals([run.signal], 1_000);
    expect(linked.signal.reason).toBe('gone');
    expect(abortListeners(run.signal)).toBe(0);
  });

  it('races: Stop wins with CANCELLED, or with the signal reason when asked', async () => {
    const never = new Promise<number>(() => undefined);
    const run = new AbortController();
    const raced = raceAbort(never, run.signal);
    const withReason = raceAbort(never, run.signal, signalReason);
    run.abort(new Error('watchdog'));
    await expect(raced).rejects.toMatchObject({ code: 'CANCELLED' });
    await expect(withReason).rejects.toThrow('watchdog');
    // An already-aborted signal rejects (never throws synchronously) and marks the
    // loser handled, so its later rejection is not reported as unhandled.
    const late = Promise.reject(new Error('late'));
    await expect(raceAbort(late, run.signal)).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('delays, and a Stop during the delay rejects with CANCELLED and clears the timer', async () => {
    vi.useFakeTimers();
    try {
      const run = new AbortController();
      const waiting = delay(1_000, run.signal);
      run.abort();
      await expect(waiting).rejects.toMatchObject({ code: 'CANCELLED' });
      expect(vi.getTimerCount()).toBe(0);
      await expect(delay(10, run.signal)).rejects.toMatchObject({ code: 'CANCELLED' });
    } finally {
      vi.useRealTimers();
    }
  });
});
