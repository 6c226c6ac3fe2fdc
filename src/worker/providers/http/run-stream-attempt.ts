// One attempt of a streaming call: send, decode SSE, let the vendor's state machine
// turn events into parts. Vendor adapters supply only the request and the state
// machine, so timeouts, bounds and cleanup are written once.
import { EventStreamDecoder, type ServerSentEvent } from '../sse/event-stream-decoder';
import type { FetchLike, StreamPart } from '../model-adapter';
import type { ProviderLimits, StreamTimeouts } from '../provider-limits';
import { AttemptController } from './attempt-controller';
import { coalesceDeltas } from './coalesce-deltas';
import { BodyReader, sendProviderRequest, type ProviderHttpRequest } from './send-provider-request';

/** A vendor's pure, synchronous stream interpreter; it throws ProviderError on bad input. */
export interface StreamInterpreter {
  /** Appends the parts completed by one SSE event to `out`. */
  onEvent(event: ServerSentEvent, out: StreamPart[]): void;
  /** True once the vendor's own end marker arrived (Anthropic `message_stop`). */
  readonly isComplete: boolean;
  /**
   * Appends the parts at end of stream (tool calls, usage, the terminal finish) to
   * `out`; `sawDone` is the `[DONE]` sentinel.
   */
  finish(sawDone: boolean, out: StreamPart[]): void;
}

/** Everything one attempt needs. */
export interface AttemptContext {
  readonly signal: AbortSignal;
  readonly fetch: FetchLike;
  readonly limits: ProviderLimits;
  readonly timeouts: StreamTimeouts;
  readonly now: () => number;
  readonly maxRetryAfterMs: number;
}

/**
 * Runs one attempt; throws ProviderError or CANCELLED, never yields an error part.
 *
 * The events of one body read are interpreted together and adjacent deltas of the
 * same kind are joined before they are yielded, so a 4 KiB read of twenty small
 * deltas costs the consumer one part instead of twenty. Parts completed before a
 * failure in the same read are still yielded first: the retry rule depends on
 * whether output reached the consumer, and the person should keep that text.
 */
export async function* runStreamAttempt(
  request: ProviderHttpRequest,
  interpreter: StreamInterpreter,
  context: AttemptContext,
): AsyncGenerator<StreamPart, void, undefined> {
  const attempt = new AttemptController(context.signal);
  let body: BodyReader | undefined;
  try {
    attempt.arm(context.timeouts.firstByteMs, 'first-byte');
    const response = await sendProviderRequest(request, context.fetch, attempt, context.limits, {
      now: context.now,
      maxRetryAfterMs: context.maxRetryAfterMs,
    });
    body = new BodyReader(
      response,
      attempt,
      context.timeouts.idleMs,
      context.limits.maxStreamBytes,
    );
    const decoder = new EventStreamDecoder(context.limits.maxEventChars);
    // One array for every read: a stream read a byte at a time would otherwise
    // allocate an empty array per byte.
    const parts: StreamPart[] = [];
    let isOver = false;
    while (!isOver) {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await body.next();
      } catch (error) {
        throw body.failure(error);
      }
      const chunk = body.accept(result);
      let failure: unknown;
      try {
        isOver = interpretChunk(chunk, decoder, interpreter, parts);
      } catch (error) {
        failure = error;
      }
      if (parts.length > 0) {
        for (const part of coalesceDeltas(parts)) yield part;
        parts.length = 0;
      }
      if (failure !== undefined) throw failure;
    }
  } finally {
    body?.close();
    attempt.dispose();
  }
}

/** Interprets one read (`undefined`: the body ended); true once the stream is over. */
function interpretChunk(
  chunk: Uint8Array | undefined,
  decoder: EventStreamDecoder,
  interpreter: StreamInterpreter,
  out: StreamPart[],
): boolean {
  const events = chunk === undefined ? decoder.end() : decoder.push(chunk);
  for (const event of events) {
    interpreter.onEvent(event, out);
    // Bytes after the vendor's end marker are ignored, as after `[DONE]`.
    if (interpreter.isComplete) break;
  }
  if (chunk !== undefined && !decoder.isDone && !interpreter.isComplete) return false;
  interpreter.finish(decoder.isDone, out);
  return true;
}
