import { describe, expect, it, vi } from 'vitest';
import { MAX_RESEARCH_CHARS, readHidden, type HiddenTabApi } from './hidden-tab';

/** A fake browser whose tab loads after `loadMs` (never when null), recording closes. */
function fakeTabs(
  options: { loadMs?: number | null; finalUrl?: string; readFails?: boolean; text?: string } = {},
) {
  const closed: number[] = [];
  let next = 100;
  const api: HiddenTabApi = {
    open: vi.fn(async () => (next += 1)),
    loaded: (_tabId, signal) =>
      new Promise((resolve, reject) => {
        const timer =
          options.loadMs === null
            ? undefined
            : setTimeout(
                () => resolve(options.finalUrl ?? 'https://shop.example/p'),
                options.loadMs ?? 5,
              );
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason as Error);
        });
      }),
    read: async () => {
      if (options.readFails) throw new Error('script failed');
      return { title: 'Product', text: options.text ?? 'Blue mug, 12 EUR' };
    },
    close: async (tabId) => void closed.push(tabId),
  };
  return { api, closed };
}

const never = new AbortController().signal;
const allow = async () => true;

describe('reading a page in a hidden tab', () => {
  it('reads the loaded page and closes its tab', async () => {
    const { api, closed } = fakeTabs();
    const result = await readHidden(api, 'https://shop.example/p', 1, 2_000, never, allow);
    expect(result).toEqual({
      status: 'read',
      read: {
        url: 'https://shop.example/p',
        title: 'Product',
        text: 'Blue mug, 12 EUR',
        originalLength: 16,
      },
    });
    expect(closed).toEqual([101]);
  });

  it('closes the tab when it never loads, when the address is refused and when reading fails', async () => {
    const slow = fakeTabs({ loadMs: null });
    expect(await readHidden(slow.api, 'https://a.example', 1, 50, never, allow)).toEqual({
      status: 'timeout',
    });
    expect(slow.closed).toHaveLength(1);
    const moved = fakeTabs({ finalUrl: 'https://elsewhere.example/' });
    const refused = await readHidden(
      moved.api,
      'https://a.example',
      1,
      2_000,
      never,
      async () => false,
    );
    expect(refused).toEqual({ status: 'refused', url: 'https://elsewhere.example/' });
    expect(moved.closed).toHaveLength(1);
    const broken = fakeTabs({ readFails: true });
    expect(await readHidden(broken.api, 'https://a.example', 1, 2_000, never, allow)).toEqual({
      status: 'failed',
      message: 'script failed',
    });
    expect(broken.closed).toHaveLength(1);
  });

  it('closes the tab when the run is stopped, and lets the stop through', async () => {
    const { api, closed } = fakeTabs({ loadMs: null });
    const stop = new AbortController();
    const reading = readHidden(api, 'https://a.example', 1, 10_000, stop.signal, allow);
    setTimeout(() => stop.abort(new Error('stopped')), 20);
    await expect(reading).rejects.toThrow('stopped');
    expect(closed).toHaveLength(1);
  });

  it('keeps at most two hidden tabs open, and cuts long text saying how long it was', async () => {
    const { api } = fakeTabs({ loadMs: 40, text: 'x'.repeat(MAX_RESEARCH_CHARS + 10) });
    const first = readHidden(api, 'https://a.example', 1, 2_000, never, allow);
    const second = readHidden(api, 'https://a.example', 1, 2_000, never, allow);
    expect(await readHidden(api, 'https://a.example', 1, 2_000, never, allow)).toEqual({
      status: 'busy',
    });
    const done = await first;
    await second;
    expect(done.status === 'read' && done.read.text.length).toBe(MAX_RESEARCH_CHARS);
    expect(done.status === 'read' && done.read.originalLength).toBe(MAX_RESEARCH_CHARS + 10);
    // Both closed: a new call gets a tab again.
    expect((await readHidden(api, 'https://a.example', 1, 2_000, never, allow)).status).toBe(
      'read',
    );
  });
});
