// The SSE answer reader in front of the SDK: a lone answer becomes JSON with every
// header kept; anything else is handed over as the same SSE stream, at once.
import { describe, expect, it } from 'vitest';
import { IntegrationError } from '../integration-error';
import { createMcpFetch } from './mcp-fetch';
import { LONE_ANSWER_END_WAIT_MS, readEvents } from './mcp-sse-answer';
import { CUT_OFF_METHOD, type ProgressParams } from './mcp-sse-progress';

const ORIGIN = 'http://127.0.0.1:9';
const encoder = new TextEncoder();
const event = (message: unknown, extra = '') =>
  `${extra}event: message\ndata: ${JSON.stringify(message)}\n\n`;
const answer = (id: unknown, result: unknown = { ok: 1 }) => ({ jsonrpc: '2.0', id, result });
const progress = (token: unknown, step: number) => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: token, progress: step, total: 2 },
});

/** A body the test writes to; it ends only when told, and ignores any signal. */
function source() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled: unknown = null;
  const stream = new ReadableStream<Uint8Array>({
    start: (given) => void (controller = given),
    cancel: (reason) => void (cancelled = reason ?? 'cancelled'),
  });
  return {
    stream,
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    cancelled: () => cancelled,
  };
}

function open(
  body: ReadableStream<Uint8Array>,
  options: {
    signal?: AbortSignal;
    onProgress?: (params: ProgressParams) => void;
    status?: number;
  } = {},
) {
  const headers = { 'content-type': 'text/event-stream', 'mcp-session-id': 'session-7' };
  const status = options.status ?? 200;
  const { fetch: mcpFetch, stats } = createMcpFetch({
    fetch: (async () => new Response(body, { headers, status })) as typeof fetch,
    origin: ORIGIN,
    signal: options.signal ?? new AbortController().signal,
    maxBytes: 4_096,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const post = () =>
    mcpFetch(`${ORIGIN}/mcp`, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"x"}' });
  return { post, stats };
}

describe('an SSE answer to a POST', () => {
  it('reaches the SDK as JSON when it is one answer, with its headers and status', async () => {
    const body = source();
    body.write(event(answer(1)).slice(0, 20));
    body.write(event(answer(1)).slice(20));
    body.end();
    const response = await open(body.stream).post();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('mcp-session-id')).toBe('session-7');
    expect(await response.json()).toEqual(answer(1));
    expect(JSON.parse(await response.text())).toEqual(answer(1));
  });

  it('hands progress to its callback and still answers as JSON', async () => {
    const body = source();
    const seen: number[] = [];
    const opened = open(body.stream, { onProgress: (params) => void seen.push(params.progress) });
    const pending = opened.post();
    body.write(event(progress(0, 1)) + event(progress(0, 2)));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(seen).toEqual([1, 2]);
    body.write(event(answer(1)));
    body.end();
    const response = await pending;
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual(answer(1));
  });

  it('hands a request from the server over as SSE at once, while the stream is open', async () => {
    const body = source();
    const ask = { jsonrpc: '2.0', id: 'ask-1', method: 'elicitation/create', params: {} };
    const pending = open(body.stream).post();
    body.write(event(ask));
    const response = await pending;
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('mcp-session-id')).toBe('session-7');
    body.write(event(answer(1)));
    body.end();
    expect(await response.text()).toBe(event(ask) + event(answer(1)));
  });

  it('does not hold back a lone answer whose stream stays open', async () => {
    const body = source();
    const pending = open(body.stream).post();
    body.write(event(answer(1)));
    const started = Date.now();
    const response = await pending;
    expect(Date.now() - started).toBeLessThan(LONE_ANSWER_END_WAIT_MS + 1_000);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(event(answer(1)));
    body.end();
    expect((await reader.read()).done).toBe(true);
  });

  it.each([
    ['numbered events', event(answer(1), 'id: 4\n')],
    ['a retry field', event(answer(1), 'retry: 50\n')],
    ['two messages', event(answer(1)) + event({ jsonrpc: '2.0', method: 'note' })],
  ])('leaves %s to the SDK, byte for byte', async (_label, text) => {
    const body = source();
    body.write(text);
    body.end();
    const response = await open(body.stream).post();
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await response.text()).toBe(text);
  });

  it('leaves a refusal answered as SSE to the SDK, which reads its text', async () => {
    const body = source();
    const refusal = { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Bad params' } };
    body.write(event(refusal));
    body.end();
    const response = await open(body.stream, { status: 400 }).post();
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await response.text()).toBe(event(refusal));
  });

  it('replaces an event cut off mid-line with the same stand-in as before', async () => {
    const body = source();
    body.write(event(progress(0, 1)) + 'event: message\ndata: {"jsonrpc":"2.0","id":');
    body.end();
    const response = await open(body.stream).post();
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const text = await response.text();
    expect(text).toContain(`"method":"${CUT_OFF_METHOD}"`);
    expect(text).not.toContain('"id":');
  });

  it('fails the stream with MCP_RESPONSE_TOO_LARGE past the bound, and records it', async () => {
    const body = source();
    const opened = open(body.stream);
    const pending = opened.post();
    body.write(`event: message\ndata: ${'x'.repeat(5_000)}`);
    const response = await pending;
    await expect(response.text()).rejects.toMatchObject({ code: 'MCP_RESPONSE_TOO_LARGE' });
    expect(opened.stats.failure?.code).toBe('MCP_RESPONSE_TOO_LARGE');
    expect(body.cancelled()).not.toBeNull();
  });

  it('stops mid-stream on abort, even when the source ignores the signal', async () => {
    const body = source();
    const stop = new AbortController();
    const pending = open(body.stream, { signal: stop.signal }).post();
    body.write(event(progress(0, 1)));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const reason = new IntegrationError('CANCELLED', 'Stopped.');
    stop.abort(reason);
    const response = await pending;
    await expect(response.text()).rejects.toBe(reason);
    expect(body.cancelled()).toBe(reason);
  });

  it('stops a handed-over stream on abort too, without a stand-in', async () => {
    const body = source();
    const stop = new AbortController();
    const pending = open(body.stream, { signal: stop.signal }).post();
    body.write(event({ jsonrpc: '2.0', method: 'note' }));
    const response = await pending;
    const reader = response.body!.getReader();
    await reader.read();
    body.write('event: message\ndata: {"jso');
    const reason = new IntegrationError('CANCELLED', 'Stopped.');
    stop.abort(reason);
    await expect(reader.read()).rejects.toBe(reason);
  });
});

describe('readEvents', () => {
  it('knows an answer only when the SDK would take it as one', () => {
    expect(readEvents(event(answer('a')))).toMatchObject({ kind: 'answer' });
    expect(
      readEvents(event({ jsonrpc: '2.0', id: 3, error: { code: -1, message: 'no' } })),
    ).toMatchObject({ kind: 'answer' });
    expect(readEvents(': ping\n\n')).toEqual({ kind: 'none' });
    for (const other of [
      { ...answer(1), extra: true },
      answer(1, { _meta: 'not an object' }),
      answer(1.5),
      answer(1, [1]),
      { jsonrpc: '2.0', id: 1, error: { code: 'x', message: 'no' } },
      { jsonrpc: '1.0', id: 1, result: {} },
    ])
      expect(readEvents(event(other))).toEqual({ kind: 'other' });
    expect(readEvents('event: message\ndata: {not json\n\n')).toEqual({ kind: 'other' });
    expect(readEvents(`event: other\ndata: ${JSON.stringify(answer(1))}\n\n`)).toEqual({
      kind: 'other',
    });
  });
});
