import { describe, expect, it, vi } from 'vitest';
import { answersOpaquely, blockedByOrigin, CORS_PROBE_TIMEOUT_MS } from './cors-probe';

describe('answersOpaquely', () => {
  it('asks the model origin once, opaquely, and says whether anything answered', async () => {
    const fetch = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response(null)));
    const answered = await answersOpaquely(
      'http://127.0.0.1:1234/v1/chat/completions',
      fetch,
      new AbortController().signal,
    );
    expect(answered).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('http://127.0.0.1:1234/');
    expect(fetch.mock.calls[0]![1]).toMatchObject({ mode: 'no-cors', credentials: 'omit' });
  });

  it('counts a refused connection as nothing answering', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(
      await answersOpaquely('http://127.0.0.1:9/v1', fetch, new AbortController().signal),
    ).toBe(false);
  });

  it('does not probe after Stop, or for a URL it cannot parse', async () => {
    const fetch = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response(null)));
    const stopped = new AbortController();
    stopped.abort();
    expect(await answersOpaquely('http://127.0.0.1:1234/v1', fetch, stopped.signal)).toBe(false);
    expect(await answersOpaquely('not a url', fetch, new AbortController().signal)).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('gives up on a probe that never settles, even when fetch ignores its signal', async () => {
    vi.useFakeTimers();
    try {
      const fetch = vi.fn(() => new Promise<Response>(() => undefined));
      const answer = answersOpaquely(
        'http://127.0.0.1:1234/v1',
        fetch,
        new AbortController().signal,
      );
      await vi.advanceTimersByTimeAsync(CORS_PROBE_TIMEOUT_MS + 10);
      expect(await answer).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('blockedByOrigin', () => {
  it('names the host and the header, and is not retried', () => {
    const error = blockedByOrigin('http://localhost:1234/v1/chat/completions');
    expect(error.code).toBe('PROVIDER_BLOCKED_BY_ORIGIN');
    expect(error.isRetryable).toBe(false);
    expect(error.message).toContain('localhost:1234');
    expect(error.message).toContain('Access-Control-Allow-Origin');
  });
});
