// The shared stream attempt through the OpenAI-compatible adapter: parts per body
// read, the idle watchdog, listeners on the run signal, and hostile bodies that
// must end within bounded time and memory with a code.
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { chunkedResponse, collectParts, scriptedFetch } from '../__fixtures__/replay-fetch';
import { deltaEvent, finishEvents } from '../__fixtures__/sse-builders';
import type { FetchLike, ModelRequest, StreamOptions, StreamPart } from '../model-adapter';
import { openAiCompatibleAdapter } from '../openai-compatible/openai-compatible-adapter';

const request: ModelRequest = {
  settings: {
    kind: 'openai-compatible',
    baseUrl: 'http://localhost:1/v1',
    apiKey: '',
    modelId: 'm',
  },
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  tools: [],
};

function stream(fetch: FetchLike, options: Partial<StreamOptions> = {}): Promise<StreamPart[]> {
  return collectParts(
    openAiCompatibleAdapter.stream(request, {
      signal: new AbortController().signal,
      fetch,
      ...options,
    }),
  );
}

/** A body that sends `pieces` with `gapMs` between them, counting the bytes pulled. */
function pacedResponse(pieces: readonly string[], gapMs: number): Response {
  const encoder = new TextEncoder();
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
      const piece = pieces[next];
      next += 1;
      if (piece === undefined) controller.close();
      else controller.enqueue(encoder.encode(piece));
    },
  });
  return new Response(body);
}

const errorOf = (parts: StreamPart[]) => {
  const last = parts.at(-1);
  return last?.type === 'error' ? last.code : undefined;
};

describe('runStreamAttempt', () => {
  it('yields the deltas of one read as one part, keeping kinds and order', async () => {
    const body =
      deltaEvent({ content: 'a' }) +
      deltaEvent({ content: 'b' }) +
      deltaEvent({ reasoning_content: 'r' }) +
      deltaEvent({ content: 'c' }) +
      finishEvents();
    const parts = await stream(scriptedFetch(() => chunkedResponse(body, 64 * 1024)));
    expect(parts).toEqual([
      { type: 'text-delta', text: 'ab' },
      { type: 'reasoning-delta', text: 'r' },
      { type: 'text-delta', text: 'c' },
      { type: 'finish', reason: 'stop', rawReason: 'stop' },
    ]);
  });

  it('keeps a slow stream alive while chunks keep coming, then times out on silence', async () => {
    const pieces = Array.from({ length: 8 }, (_, index) => deltaEvent({ content: `${index}` }));
    const alive = await stream(
      scriptedFetch(() => pacedResponse([...pieces, finishEvents()], 30)),
      { timeouts: { idleMs: 80 } },
    );
    expect(alive.map((part) => (part.type === 'text-delta' ? part.text : part.type)).join('')).toBe(
      '01234567finish',
    );
    const started = Date.now();
    const silent = await stream(
      scriptedFetch(() => pacedResponse([pieces[0] as string], 2_000)),
      {
        timeouts: { idleMs: 80 },
      },
    );
    expect(silent.at(-1)).toMatchObject({ code: 'PROVIDER_TIMEOUT', details: { phase: 'idle' } });
    // Reported after at least the timeout and at most a quarter more (plus scheduling).
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
  });

  it('leaves no listener on the run signal after 2,000 streams', async () => {
    const run = new AbortController();
    const body = deltaEvent({ content: 'x' }) + finishEvents();
    const fetch = scriptedFetch(() => chunkedResponse(body, 16));
    for (let call = 0; call < 2_000; call += 1) {
      const parts = await collectParts(
        openAiCompatibleAdapter.stream(request, { signal: run.signal, fetch }),
      );
      expect(parts.at(-1)?.type).toBe('finish');
    }
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
  });

  it('refuses a 5 MB single line after reading only about the event cap', async () => {
    const line = `data: {"x":"${'a'.repeat(5 * 1024 * 1024)}"}\n\n`;
    const bytes = new TextEncoder().encode(line);
    let pulled = 0;
    const fetch: FetchLike = async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            const piece = bytes.subarray(pulled, pulled + 64 * 1024);
            pulled += piece.length;
            if (piece.length === 0) controller.close();
            else controller.enqueue(piece);
          },
        }),
      );
    const parts = await stream(fetch);
    expect(errorOf(parts)).toBe('PROVIDER_STREAM_TOO_LARGE');
    // The cap is 1 MiB; the decoder never buffered the rest of the line.
    expect(pulled).toBeLessThanOrEqual(1024 * 1024 + 3 * 64 * 1024);
  });

  it('reports a body cut in the middle of a line as malformed, keeping earlier text', async () => {
    const body = `${deltaEvent({ content: 'kept' })}data: {"choices":[{"delta":{"content":"cu`;
    for (const size of [1, 7, 4096]) {
      const parts = await stream(scriptedFetch(() => chunkedResponse(body, size)));
      expect(parts[0]).toEqual({ type: 'text-delta', text: 'kept' });
      expect(errorOf(parts)).toBe('PROVIDER_MALFORMED_STREAM');
    }
  });

  it('routes deltas alternating reasoning and content every character, one part each', async () => {
    let body = '';
    for (let index = 0; index < 4_000; index += 1)
      body += deltaEvent(index % 2 === 0 ? { reasoning_content: 'r' } : { content: 'c' });
    body += finishEvents();
    const parts = await stream(scriptedFetch(() => chunkedResponse(body, 4096)));
    expect(parts).toHaveLength(4_001);
    expect(parts.filter((part) => part.type === 'reasoning-delta')).toHaveLength(2_000);
    expect(parts.at(-1)).toMatchObject({ type: 'finish' });
  });

  it('routes inline think tags toggling every character', async () => {
    const content = '<think>r</think>c'.repeat(2_000);
    const body =
      Array.from({ length: content.length / 17 }, (_, index) =>
        deltaEvent({ content: content.slice(index * 17, index * 17 + 17) }),
      ).join('') + finishEvents();
    const parts = await stream(scriptedFetch(() => chunkedResponse(body, 64)));
    const text = parts.map((part) => (part.type === 'text-delta' ? part.text : '')).join('');
    const reasoning = parts
      .map((part) => (part.type === 'reasoning-delta' ? part.text : ''))
      .join('');
    expect(text).toBe('c'.repeat(2_000));
    expect(reasoning).toBe('r'.repeat(2_000));
  });
});
