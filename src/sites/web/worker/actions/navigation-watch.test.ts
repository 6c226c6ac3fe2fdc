import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserNavigationWatch } from './navigation-watch';

type Updated = (id: number, change: { status?: string }, tab: { url?: string }) => void;

/** A tab whose status the test sets, and whose events the test sends when it likes. */
function fakeTab(status: string, url: string) {
  const state = { status, url };
  const updated = new Set<Updated>();
  let onGet: (() => void) | undefined;
  vi.stubGlobal('chrome', {
    tabs: {
      onUpdated: {
        addListener: (listener: Updated) => updated.add(listener),
        removeListener: (listener: Updated) => updated.delete(listener),
      },
      onRemoved: { addListener: () => undefined, removeListener: () => undefined },
      get: async () => {
        const answer = { ...state };
        // What the browser delivers while the worker waits for this answer.
        onGet?.();
        onGet = undefined;
        return answer;
      },
    },
  });
  const send = (change: { status: string }) => {
    for (const listener of updated) listener(7, change, { url: state.url });
  };
  return { state, send, listeners: updated, duringGet: (run: () => void) => (onGet = run) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const never = new AbortController().signal;

describe('browserNavigationWatch', () => {
  it('resolves with the loaded address once the tab completes the load it started', async () => {
    const tab = fakeTab('complete', 'https://shop.example/');
    const watch = browserNavigationWatch(7);
    tab.state.status = 'loading';
    tab.send({ status: 'loading' });
    expect(watch.started()).toBe(true);
    const arrived = watch.arrived(never);
    tab.state.url = 'https://shop.example/search?q=red';
    tab.state.status = 'complete';
    await Promise.resolve();
    tab.send({ status: 'complete' });
    expect(await arrived).toBe('https://shop.example/search?q=red');
    watch.stop();
    expect(tab.listeners.size).toBe(0);
  });

  it('does not miss a "complete" that arrives while it asks the tab', async () => {
    vi.useFakeTimers();
    const tab = fakeTab('loading', 'https://shop.example/');
    const watch = browserNavigationWatch(7);
    tab.send({ status: 'loading' });
    // The answer to the tab question was made before the load completed; the event
    // comes in before that answer is read.
    tab.duringGet(() => {
      tab.state.url = 'https://shop.example/search?q=red';
      tab.send({ status: 'complete' });
    });
    const arrived = watch.arrived(never);
    await vi.advanceTimersByTimeAsync(10);
    expect(await arrived).toBe('https://shop.example/search?q=red');
  });

  it('asks the tab now and then, so a lost "complete" does not cost the whole bound', async () => {
    vi.useFakeTimers();
    const tab = fakeTab('loading', 'https://shop.example/');
    const watch = browserNavigationWatch(7);
    tab.send({ status: 'loading' });
    const arrived = watch.arrived(never);
    await vi.advanceTimersByTimeAsync(300);
    tab.state.status = 'complete';
    tab.state.url = 'https://shop.example/done';
    await vi.advanceTimersByTimeAsync(300);
    expect(await arrived).toBe('https://shop.example/done');
  });

  it('gives up after the bound when the tab never completes', async () => {
    vi.useFakeTimers();
    const tab = fakeTab('loading', 'https://shop.example/');
    const watch = browserNavigationWatch(7);
    tab.send({ status: 'loading' });
    const arrived = watch.arrived(never);
    await vi.advanceTimersByTimeAsync(15_100);
    expect(await arrived).toBeNull();
  });
});
