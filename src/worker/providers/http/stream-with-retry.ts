// ## Owns
// The retry rule: 429, 5xx, overload and network failures are retried with backoff
// (Retry-After honoured, capped) only while no part has been yielded. Once output
// reached the consumer a retry would duplicate text or tool calls, so the failure
// becomes the terminal error part instead.
// ## Never
// Reports an abort as an error part: CANCELLED is thrown and nothing follows it.
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import { delay } from '../../../shared/lib/abort';
import type { StreamPart } from '../model-adapter';
import { ProviderError, isCancellation } from '../provider-error';
import type { RetryOptions } from '../provider-limits';
import { computeBackoff } from './retry-after';

export const DEFAULT_RETRY_OPTIONS: Readonly<RetryOptions> = Object.freeze({
  maxAttempts: 3,
  baseDelayMs: 1_000,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 30_000,
  random: Math.random,
  now: Date.now,
  sleep: (ms: number, signal: AbortSignal) => delay(ms, signal),
});

/** Wraps attempts into one stream whose last part is `finish` or `error`. */
export async function* streamWithRetry(
  startAttempt: () => AsyncIterable<StreamPart>,
  signal: AbortSignal,
  retry: RetryOptions,
): AsyncGenerator<StreamPart, void, undefined> {
  for (let attempt = 1; ; attempt += 1) {
    let hasOutput = false;
    try {
      throwIfCancelled(signal);
      for await (const part of startAttempt()) {
        throwIfCancelled(signal);
        hasOutput = true;
        yield part;
      }
      return;
    } catch (error) {
      if (signal.aborted || isCancellation(error)) throw cancelled();
      const failure = asProviderError(error);
      if (!hasOutput && failure.isRetryable && attempt < retry.maxAttempts) {
        const wait =
          failure.retryAfterMs ??
          computeBackoff(attempt, retry.baseDelayMs, retry.maxDelayMs, retry.random);
        await retry.sleep(wait, signal).catch(() => {
          throw cancelled();
        });
        continue;
      }
      const part: {
        type: 'error';
        code: ProviderError['code'];
        message: string;
        details?: Record<string, unknown>;
      } = {
        type: 'error',
        code: failure.code,
        message: failure.message,
      };
      const details = {
        ...failure.details,
        ...(failure.status !== undefined ? { status: failure.status } : {}),
        attempts: attempt,
      };
      part.details = details;
      yield part;
      return;
    }
  }
}

/** An attempt that fails before sending anything (e.g. an invalid base URL). */
export function failingAttempt(error: unknown): AsyncIterable<StreamPart> {
  const failure = error instanceof Error ? error : new Error(String(error));
  return { [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(failure) }) };
}

function asProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError(
    'PROVIDER_MALFORMED_STREAM',
    `Unexpected stream failure: ${message}`.slice(0, 300),
  );
}

function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw cancelled();
}

function cancelled(): ProtocolFailure {
  return new ProtocolFailure('CANCELLED', 'The operation was cancelled.');
}
