// One attempt of a streaming call: send, decode SSE, let the vendor's state machine
// turn events into parts. Vendor adapters supply only the request and the state
// machine, so timeouts, bounds and cleanup are written once.
import { EventStreamDecoder, type ServerSentEvent } from '../sse/event-stream-decoder';
import type { FetchLike, StreamPart } from '../model-adapter';
import type { ProviderLimits, StreamTimeouts } from '../provider-limits';
import { AttemptController } from './attempt-controller';
import {
  readBodyChunks,
  sendProviderRequest,
  type ProviderHttpRequest,
} from './send-provider-request';

/** A vendor's pure, synchronous stream interpreter; it throws ProviderError on bad input. */
export interface StreamInterpreter {
  /** Parts completed by one SSE event. */
  onEvent(event: ServerSentEvent): readonly StreamPart[];
  /** True once the vendor's own end marker arrived (Anthropic `message_stop`). */
  readonly isComplete: boolean;
  /** Parts at end of stream (tool calls, usage, the terminal finish); `sawDone` is the `[DONE]` sentinel. */
  finish(sawDone: boolean): readonly StreamPart[];
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

/** Runs one attempt; throws ProviderError or CANCELLED, never yields an error part. */
export async function* runStreamAttempt(
  request: ProviderHttpRequest,
  interpreter: StreamInterpreter,
  context: AttemptContext,
): AsyncGenerator<StreamPart, void, undefined> {
  const attempt = new AttemptController(context.signal);
  try {
    attempt.arm(context.timeouts.firstByteMs, 'first-byte');
    const response = await sendProviderRequest(request, context.fetch, attempt, context.limits, {
      now: context.now,
      maxRetryAfterMs: context.maxRetryAfterMs,
    });
    const decoder = new EventStreamDecoder(context.limits.maxEventChars);
    for await (const chunk of readBodyChunks(
      response,
      attempt,
      context.timeouts,
      context.limits.maxStreamBytes,
    )) {
      for (const event of decoder.push(chunk)) yield* interpreter.onEvent(event);
      if (decoder.isDone || interpreter.isComplete) break;
    }
    if (!decoder.isDone && !interpreter.isComplete) {
      for (const event of decoder.end()) yield* interpreter.onEvent(event);
    }
    yield* interpreter.finish(decoder.isDone);
  } finally {
    attempt.dispose();
  }
}
