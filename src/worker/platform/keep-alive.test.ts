import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKeepAlive } from './keep-alive';

afterEach(() => void vi.useRealTimers());

describe('keep-alive', () => {
  it('calls the cheap API every interval while at least one lease is held, and stops after', async () => {
    vi.useFakeTimers();
    const ping = vi.fn(async () => ({}));
    const keepAlive = createKeepAlive(ping, 20_000);
    const first = keepAlive.acquire();
    const second = keepAlive.acquire();
    vi.advanceTimersByTime(60_000);
    expect(ping).toHaveBeenCalledTimes(3);
    first();
    first();
    vi.advanceTimersByTime(20_000);
    expect(ping).toHaveBeenCalledTimes(4);
    second();
    expect(keepAlive.leases()).toBe(0);
    vi.advanceTimersByTime(100_000);
    expect(ping).toHaveBeenCalledTimes(4);
  });
});
