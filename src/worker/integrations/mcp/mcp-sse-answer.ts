// ## Owns
// Reading an MCP server's SSE answer to one POST before the SDK sees it, through
// our body steps (the byte bound, progress taken out). A stream that turns out to
// hold exactly one JSON-RPC response and then end is handed to the SDK as a JSON
// response; every other stream is handed over as SSE, unchanged, with the bytes
// read so far in front, so the SDK handles it exactly as it would have.
// ## Why
// The SDK's SSE path pipes each answer through a TextDecoderStream and an event
// parser stream and reads it event by event; building and draining those stages
// cost about 0.2 ms per answer in Node (profiled on the 20-page list, where they
// were a third of the time), more than the JSON path's whole read, so a 500-tool
// list in 20 SSE pages took about twice as long as the same list as JSON. Most
// servers answer a request with one event and close the stream; that case now
// takes the SDK's JSON path, which validates and dispatches the message the same
// way, and the response keeps every header (the session id among them). The
// answer is parsed once, here, and handed to the SDK's `json()` as it is. Our
// bounds still apply first: the byte bound and progress run on each read.
// ## What stays the SDK's
// Anything else is handed over as soon as it shows: a request from the server
// (an elicitation must be answered while the stream is open), a notification
// other than progress, numbered events the SDK may resume from, a `retry` field,
// our stand-in for an event cut off, a read error, an abort, or a step's failure
// (too large). A lone answer whose stream stays open is handed over after a
// short wait, so no answer is held back.
import { createParser } from 'eventsource-parser';
import { flushSteps, passSteps, type BodyStep } from '../body-steps';

/** How long a lone answer waits for its stream to end before it goes to the SDK as SSE. */
export const LONE_ANSWER_END_WAIT_MS = 20;

type Read = ReadableStreamReadResult<Uint8Array>;
type Raw = Record<string, unknown>;
/** What the events read so far are: nothing yet, one answer, or anything else. */
type Reading =
  { kind: 'none' } | { kind: 'other' } | { kind: 'answer'; data: string; message: Raw };

const decoder = new TextDecoder();
const isObject = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const hasOnly = (fields: Raw, names: readonly string[]) =>
  Object.keys(fields).every((name) => names.includes(name));

// Stricter than the SDK's message schema on purpose: a message this passes is one
// the SDK accepts, and anything unusual (extra fields, `_meta`) goes the SSE way.
function isAnswer(message: unknown): message is Raw {
  if (!isObject(message) || message['jsonrpc'] !== '2.0') return false;
  const id = message['id'];
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return false;
  if ('result' in message) {
    const result = message['result'];
    return (
      hasOnly(message, ['jsonrpc', 'id', 'result']) && isObject(result) && !('_meta' in result)
    );
  }
  const error = message['error'];
  return (
    hasOnly(message, ['jsonrpc', 'id', 'error']) &&
    isObject(error) &&
    hasOnly(error, ['code', 'message', 'data']) &&
    Number.isSafeInteger(error['code']) &&
    typeof error['message'] === 'string'
  );
}

/** The events in `text` (complete events only), read as the SDK would. */
export function readEvents(text: string): Reading {
  let count = 0;
  let isPlain = true;
  let data = '';
  const parser = createParser({
    onEvent: (event) => {
      if (event.id !== undefined || (event.event !== undefined && event.event !== 'message'))
        isPlain = false;
      // The SDK skips an event without data, as long as it carries no id.
      if (event.data === '') return;
      count += 1;
      data = event.data;
    },
    onRetry: () => void (isPlain = false),
  });
  parser.feed(text);
  if (!isPlain || count > 1) return { kind: 'other' };
  if (count === 0) return { kind: 'none' };
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return { kind: 'other' };
  }
  return isAnswer(message) ? { kind: 'answer', data, message } : { kind: 'other' };
}

const textOf = (chunks: readonly Uint8Array[]) =>
  chunks.length === 1
    ? decoder.decode(chunks[0])
    : chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode();

/** `next`, or null when the stream has not ended within the wait. */
async function endWithin(next: Promise<Read>, ms: number): Promise<Read | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([next, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The answer `response` (an SSE answer to a POST) as the SDK should read it: JSON
 * when it held exactly one response and ended, otherwise the same SSE stream.
 */
export async function readSseAnswer(
  response: Response,
  steps: readonly BodyStep[],
  signal: AbortSignal,
): Promise<Response> {
  const reader = response.body!.getReader();
  // A source that ignores the signal still stops: a cancelled read resolves at once.
  const onAbort = () => void reader.cancel(signal.reason).catch(() => undefined);
  signal.addEventListener('abort', onAbort, { once: true });
  const stop = () => signal.removeEventListener('abort', onAbort);
  const source: Source = { response, reader, steps, signal, stop };
  const held: Uint8Array[] = [];
  // The SDK reads the text of a refusal (a 400 may hold a JSON-RPC error); it stays SSE.
  if (!response.ok || response.status === 202) return handOver(source, held);
  let reading: Reading = { kind: 'none' };
  try {
    for (;;) {
      const next = reader.read();
      let result: Read | null;
      if (reading.kind === 'answer') {
        result = await endWithin(next, LONE_ANSWER_END_WAIT_MS);
        if (result === null) return handOver(source, held, next);
      } else result = await next;
      if (signal.aborted) throw signal.reason;
      if (result.done) {
        const rest = flushSteps(steps);
        // Read again only when the end added something (a stand-in, a last event).
        if (rest.length > 0) reading = readEvents(textOf((held.push(...rest), held)));
        break;
      }
      const out = passSteps(steps, result.value);
      if (out === null || out.byteLength === 0) continue;
      held.push(out);
      reading = readEvents(textOf(held));
      if (reading.kind === 'other') return handOver(source, held);
    }
  } catch (error) {
    return handOver(source, held, null, { error });
  }
  stop();
  if (reading.kind !== 'answer') return rebuilt(response, body(held));
  return jsonAnswer(response, reading.data, reading.message);
}

function body(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

function rebuilt(response: Response, stream: ReadableStream<Uint8Array>): Response {
  return new Response(stream, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

function jsonAnswer(response: Response, data: string, message: Raw): Response {
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json');
  // The message was parsed here to know it is an answer, so the body is read from
  // it instead of from a stream (building one is a good part of a short answer).
  const answer = new Response(null, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
  Object.defineProperties(answer, {
    json: { value: () => Promise.resolve(message) },
    text: { value: () => Promise.resolve(data) },
  });
  return answer;
}

/** What a hand-over continues from: the answer, its reader, the steps, the stop. */
interface Source {
  readonly response: Response;
  readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly steps: readonly BodyStep[];
  readonly signal: AbortSignal;
  /** Drops the abort listener once the stream is over. */
  readonly stop: () => void;
}

/**
 * The SSE stream for the SDK: `held` first, then `pending` (a read already
 * started) and the rest of the reader through the steps, or `failure` after `held`.
 */
function handOver(
  { response, reader, steps, signal, stop }: Source,
  held: readonly Uint8Array[],
  pending: Promise<Read> | null = null,
  failure: { error: unknown } | null = null,
): Response {
  let isFirst = true;
  let next = pending;
  const fail = async (controller: ReadableStreamDefaultController<Uint8Array>, error: unknown) => {
    stop();
    controller.error(error);
    await reader.cancel(error).catch(() => undefined);
  };
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (isFirst) {
        isFirst = false;
        for (const chunk of held) controller.enqueue(chunk);
        // A failure comes on the next pull: erroring now would drop what is queued.
        if (held.length > 0) return;
      }
      if (failure !== null) return fail(controller, failure.error);
      try {
        for (;;) {
          const result = await (next ?? reader.read());
          next = null;
          // A read cut short by the abort listener reads as an end; it is not one.
          if (signal.aborted) throw signal.reason;
          if (result.done) {
            for (const out of flushSteps(steps)) controller.enqueue(out);
            stop();
            controller.close();
            return;
          }
          const out = passSteps(steps, result.value);
          if (out !== null && out.byteLength > 0) return controller.enqueue(out);
        }
      } catch (error) {
        await fail(controller, error);
      }
    },
    cancel: (reason) => (stop(), reader.cancel(reason)),
  });
  return rebuilt(response, stream);
}
