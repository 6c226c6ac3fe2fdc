import { describe, expect, it } from 'vitest';
import {
  chunkedResponse,
  collectParts,
  hangingResponse,
  scriptedFetch,
} from '../__fixtures__/replay-fetch';
import { deltaEvent, finishEvents } from '../__fixtures__/sse-builders';
import type { FetchLike, ModelRequest, StreamOptions } from '../model-adapter';
import { buildOpenAiCompatibleRequest, openAiCompatibleAdapter } from './openai-compatible-adapter';

const request: ModelRequest = {
  settings: {
    kind: 'openai-compatible',
    baseUrl: 'https://api.example.com/v1///',
    apiKey: 'sk-1',
    modelId: 'gpt-x',
  },
  messages: [
    { role: 'system', text: 'sys' },
    { role: 'user', content: [{ type: 'text', text: 'hi' }] },
    {
      role: 'assistant',
      text: '',
      reasoning: { text: 'secret' },
      toolCalls: [{ id: 'c1', name: 'read_document', argumentsText: '{}' }],
    },
    { role: 'tool', callId: 'c1', toolName: 'read_document', content: '{"ok":true}' },
  ],
  tools: [{ name: 'read_document', description: 'Reads', inputSchema: { type: 'object' } }],
};

const ok = () => chunkedResponse(deltaEvent({ content: 'fine' }) + finishEvents(), 64);
const status =
  (code: number, body: string, headers: Record<string, string> = {}) =>
  () =>
    new Response(body, { status: code, headers });

/** A fake clock: sleeps are recorded and return at once. */
function fakeTime(now = Date.parse('2026-11-30T12:00:00Z')) {
  const sleeps: number[] = [];
  return {
    sleeps,
    retry: { now: () => now, random: () => 0, sleep: async (ms: number) => void sleeps.push(ms) },
  };
}

function stream(fetch: FetchLike, options: Partial<StreamOptions> = {}) {
  return collectParts(
    openAiCompatibleAdapter.stream(request, {
      signal: new AbortController().signal,
      fetch,
      ...options,
    }),
  );
}

describe('openAiCompatibleAdapter request', () => {
  it('posts the documented Chat Completions body', () => {
    const built = buildOpenAiCompatibleRequest(request);
    expect(built.url).toBe('https://api.example.com/v1/chat/completions');
    expect(built.headers['authorization']).toBe('Bearer sk-1');
    expect(built.body).toEqual({
      model: 'gpt-x',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'read_document', arguments: '{}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: '{"ok":true}' },
      ],
      tools: [
        {
          type: 'function',
          function: { name: 'read_document', description: 'Reads', parameters: { type: 'object' } },
        },
      ],
    });
    const withEffort = buildOpenAiCompatibleRequest({
      ...request,
      settings: { ...request.settings, reasoningEffort: 'high' },
    });
    expect(withEffort.body).toMatchObject({ reasoning_effort: 'high' });
  });

  it('sends a temperature only when the call sets one', () => {
    expect(buildOpenAiCompatibleRequest(request).body).not.toHaveProperty('temperature');
    const cool = buildOpenAiCompatibleRequest({
      ...request,
      settings: { ...request.settings, temperature: 0 },
    });
    expect(cool.body).toMatchObject({ temperature: 0 });
  });

  it('sends redirect: error and the caller signal chain', async () => {
    const fetch = scriptedFetch(ok);
    await stream(fetch);
    expect(fetch.calls[0]?.init.redirect).toBe('error');
    expect(fetch.calls[0]?.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('reports an invalid base URL without fetching', async () => {
    const fetch = scriptedFetch(ok);
    const parts = await collectParts(
      openAiCompatibleAdapter.stream(
        { ...request, settings: { ...request.settings, baseUrl: 'file:///etc' } },
        { signal: new AbortController().signal, fetch },
      ),
    );
    expect(parts).toEqual([
      expect.objectContaining({ type: 'error', code: 'PROVIDER_INVALID_SETTINGS' }),
    ]);
    expect(fetch.calls).toHaveLength(0);
  });
});

describe('openAiCompatibleAdapter errors and retries', () => {
  const cases: [number, string, string][] = [
    [401, '{"error":{"message":"Incorrect API key provided"}}', 'PROVIDER_AUTH'],
    [403, 'Forbidden', 'PROVIDER_AUTH'],
    [
      400,
      '{"error":{"message":"This model\'s maximum context length is 128000 tokens.","code":"context_length_exceeded"}}',
      'PROVIDER_CONTEXT_TOO_LONG',
    ],
    [
      400,
      '{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 210000 tokens > 200000 maximum"}}',
      'PROVIDER_CONTEXT_TOO_LONG',
    ],
    [
      400,
      '{"error":{"code":400,"message":"the request exceeds the available context size, try increasing it","type":"exceed_context_size_error"}}',
      'PROVIDER_CONTEXT_TOO_LONG',
    ],
    [500, '{"error":"input length exceeds the context length"}', 'PROVIDER_CONTEXT_TOO_LONG'],
    [413, 'Request Entity Too Large', 'PROVIDER_CONTEXT_TOO_LONG'],
    [
      404,
      '{"error":{"message":"model \\"qwen9\\" not found, try pulling it first"}}',
      'PROVIDER_UNKNOWN_MODEL',
    ],
    [400, '{"error":{"message":"gpt-9 is not a valid model ID"}}', 'PROVIDER_UNKNOWN_MODEL'],
    [404, '<html>Not Found</html>', 'PROVIDER_HTTP_ERROR'],
    [422, '{"detail":"bad"}', 'PROVIDER_HTTP_ERROR'],
  ];
  for (const [code, body, expected] of cases) {
    it(`maps ${code} ${body.slice(0, 40)} to ${expected} without retrying`, async () => {
      const time = fakeTime();
      const fetch = scriptedFetch(status(code, body));
      const parts = await stream(fetch, { retry: time.retry });
      expect(parts).toEqual([expect.objectContaining({ type: 'error', code: expected })]);
      if (code < 500) expect(fetch.calls).toHaveLength(1);
    });
  }

  it('retries 429 honouring Retry-After seconds, then succeeds', async () => {
    const time = fakeTime();
    const fetch = scriptedFetch(
      status(429, '{"error":{"message":"Rate limit reached"}}', { 'retry-after': '7' }),
      ok,
    );
    const parts = await stream(fetch, { retry: time.retry });
    expect(time.sleeps).toEqual([7_000]);
    expect(parts[0]).toEqual({ type: 'text-delta', text: 'fine' });
  });

  it('honours an HTTP-date Retry-After and caps long waits', async () => {
    const time = fakeTime();
    const date = new Date(time.retry.now() + 5_000).toUTCString();
    const fetch = scriptedFetch(
      status(503, 'busy', { 'retry-after': date }),
      status(503, 'busy', { 'retry-after': '3600' }),
      ok,
    );
    await stream(fetch, { retry: time.retry });
    expect(time.sleeps).toEqual([5_000, 30_000]);
  });

  it('backs off exponentially with jitter and gives up after maxAttempts with the last code', async () => {
    const time = fakeTime();
    const fetch = scriptedFetch(status(502, 'bad gateway'));
    const parts = await stream(fetch, {
      retry: { ...time.retry, random: () => 0.5, maxAttempts: 4 },
    });
    expect(time.sleeps).toEqual([750, 1_500, 3_000]);
    expect(fetch.calls).toHaveLength(4);
    expect(parts).toEqual([
      expect.objectContaining({
        type: 'error',
        code: 'PROVIDER_HTTP_ERROR',
        details: expect.objectContaining({ status: 502, attempts: 4 }),
      }),
    ]);
  });

  it('does not retry a 429 that means an exhausted quota', async () => {
    const fetch = scriptedFetch(status(429, '{"error":{"code":"insufficient_quota"}}'));
    const parts = await stream(fetch, { retry: fakeTime().retry });
    expect(fetch.calls).toHaveLength(1);
    expect(parts[0]).toMatchObject({ code: 'PROVIDER_RATE_LIMITED' });
  });

  it('retries network failures, then reports PROVIDER_NETWORK', async () => {
    const fetch = scriptedFetch(() => {
      throw new TypeError('fetch failed');
    });
    const parts = await stream(fetch, { retry: fakeTime().retry });
    // Each failed attempt is followed by one opaque probe, which fails too: nothing answers.
    const requests = fetch.calls.filter((call) => call.init.mode !== 'no-cors');
    expect(requests).toHaveLength(3);
    expect(fetch.calls).toHaveLength(6);
    expect(parts).toEqual([expect.objectContaining({ type: 'error', code: 'PROVIDER_NETWORK' })]);
  });

  it('reports a running server that withholds its answer as blocked, without retrying', async () => {
    const fetch = scriptedFetch((init) => {
      if (init.mode === 'no-cors') return new Response(null, { status: 200 });
      throw new TypeError('Failed to fetch');
    });
    const parts = await stream(fetch, { retry: fakeTime().retry });
    expect(fetch.calls.map((call) => call.init.mode ?? 'cors')).toEqual(['cors', 'no-cors']);
    const probe = fetch.calls[1]!;
    expect(probe.url).toBe(`${new URL(fetch.calls[0]!.url).origin}/`);
    expect(probe.init).toMatchObject({ method: 'GET', credentials: 'omit' });
    expect(probe.init.body).toBeUndefined();
    expect(JSON.stringify(probe.init.headers ?? {})).not.toMatch(/authorization/i);
    expect(parts).toEqual([
      expect.objectContaining({ type: 'error', code: 'PROVIDER_BLOCKED_BY_ORIGIN' }),
    ]);
  });

  it('never retries once output was yielded', async () => {
    const broken = () => {
      const encoder = new TextEncoder();
      let pulls = 0;
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            pulls += 1;
            // The error must come after the first chunk was read: error() drops queued chunks.
            if (pulls === 1) controller.enqueue(encoder.encode(deltaEvent({ content: 'half' })));
            else controller.error(new TypeError('connection reset'));
          },
        },
        { highWaterMark: 0 },
      );
      return new Response(body, { status: 200 });
    };
    const fetch = scriptedFetch(broken, ok);
    const parts = await stream(fetch, { retry: fakeTime().retry });
    expect(fetch.calls).toHaveLength(1);
    expect(parts).toEqual([
      { type: 'text-delta', text: 'half' },
      expect.objectContaining({ type: 'error', code: 'PROVIDER_NETWORK' }),
    ]);
  });
});

describe('openAiCompatibleAdapter cancellation', () => {
  it('does not fetch when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const fetch = scriptedFetch(ok);
    await expect(
      collectParts(openAiCompatibleAdapter.stream(request, { signal: controller.signal, fetch })),
    ).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(fetch.calls).toHaveLength(0);
  });

  it('cancels a pending fetch that ignores its signal', async () => {
    const controller = new AbortController();
    const fetch: FetchLike = () => {
      setTimeout(() => controller.abort(), 5);
      return new Promise<Response>(() => undefined);
    };
    await expect(
      collectParts(openAiCompatibleAdapter.stream(request, { signal: controller.signal, fetch })),
    ).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('cancels during a retry wait and never sends the next attempt', async () => {
    const controller = new AbortController();
    const fetch = scriptedFetch(status(500, 'boom'), ok);
    const sleep = (_ms: number, signal: AbortSignal) =>
      new Promise<void>((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('aborted')));
        controller.abort();
      });
    await expect(
      collectParts(
        openAiCompatibleAdapter.stream(request, {
          signal: controller.signal,
          fetch,
          retry: { sleep },
        }),
      ),
    ).rejects.toMatchObject({
      code: 'CANCELLED',
    });
    expect(fetch.calls).toHaveLength(1);
  });

  it('yields nothing after an abort between parts and releases the body', async () => {
    const controller = new AbortController();
    let cancelled = false;
    const fetch = scriptedFetch(() => {
      const body = new ReadableStream<Uint8Array>({
        start(stream) {
          stream.enqueue(
            // Two kinds of delta, so they stay two parts although they arrive in one read.
            new TextEncoder().encode(
              deltaEvent({ content: 'a' }) + deltaEvent({ reasoning_content: 'b' }),
            ),
          );
        },
        cancel() {
          cancelled = true;
        },
      });
      return new Response(body);
    });
    const seen: string[] = [];
    const iterate = async () => {
      for await (const part of openAiCompatibleAdapter.stream(request, {
        signal: controller.signal,
        fetch,
      })) {
        if (part.type === 'text-delta' || part.type === 'reasoning-delta') seen.push(part.text);
        controller.abort();
      }
    };
    await expect(iterate()).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(seen).toEqual(['a']);
    expect(cancelled).toBe(true);
  });

  it('cancels a body read that hangs', async () => {
    const controller = new AbortController();
    const fetch = scriptedFetch(() => hangingResponse());
    setTimeout(() => controller.abort(), 10);
    await expect(
      collectParts(openAiCompatibleAdapter.stream(request, { signal: controller.signal, fetch })),
    ).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});
