// Test doubles for provider HTTP: recorded SSE bodies replayed at a chosen chunk
// size, scripted failures, and a body that never ends. Used by the adapter tests
// and the benchmark; never by product code.
import type { FetchLike, StreamPart } from '../model-adapter';

/** A Response whose body delivers `body` in chunks of `chunkSize` bytes. */
export function chunkedResponse(
  body: string | Uint8Array,
  chunkSize: number,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
  return new Response(stream, {
    status: init.status ?? 200,
    headers: { 'content-type': 'text/event-stream', ...init.headers },
  });
}

/** A 200 response that sends `prefix` and then nothing, forever (until cancelled). */
export function hangingResponse(prefix = ''): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (prefix !== '') controller.enqueue(new TextEncoder().encode(prefix));
    },
  });
  return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

/** One recorded call to the fake fetch. */
export interface RecordedCall {
  readonly url: string;
  readonly init: RequestInit;
  readonly body: unknown;
}

/** A fake fetch answering the Nth call with `responders[N]` (the last one repeats). */
export function scriptedFetch(
  ...responders: ((init: RequestInit) => Response | Promise<Response>)[]
): FetchLike & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ url, init, body });
    const responder = responders[Math.min(calls.length - 1, responders.length - 1)];
    if (!responder) throw new Error('scriptedFetch has no responder');
    return responder(init);
  }) as FetchLike & { calls: RecordedCall[] };
  fetch.calls = calls;
  return fetch;
}

/** Drains a stream into an array. */
export async function collectParts(stream: AsyncIterable<StreamPart>): Promise<StreamPart[]> {
  const parts: StreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

/** Concatenated text of one delta type, for readable assertions. */
export function joinDeltas(
  parts: readonly StreamPart[],
  type: 'text-delta' | 'reasoning-delta',
): string {
  return parts.map((part) => (part.type === type ? part.text : '')).join('');
}

/**
 * `parts` with adjacent deltas of one kind joined. How text is split into deltas
 * follows the body reads (one read's deltas arrive as one part), so replays at
 * different chunk sizes compare after this.
 */
export function joinAdjacentDeltas(parts: readonly StreamPart[]): StreamPart[] {
  const joined: StreamPart[] = [];
  for (const part of parts) {
    const previous = joined[joined.length - 1];
    if (
      (part.type === 'text-delta' || part.type === 'reasoning-delta') &&
      previous?.type === part.type
    )
      joined[joined.length - 1] = { type: part.type, text: previous.text + part.text };
    else joined.push(part);
  }
  return joined;
}
