// The only place provider HTTP requests are sent and their bodies read. Injected
// fetch, `redirect: 'error'` (a redirect could carry the key to another origin),
// bounded bodies, and every await raced against the attempt signal because a fake
// or polyfilled fetch may ignore it.
import { ProviderError, isCancellation } from '../provider-error';
import type { FetchLike } from '../model-adapter';
import type { ProviderLimits, StreamTimeouts } from '../provider-limits';
import { raceSignal, type AttemptController } from './attempt-controller';
import { classifyHttpError } from './classify-provider-error';
import { parseRetryAfter } from './retry-after';

/** A JSON request to a provider endpoint. */
export interface ProviderHttpRequest {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

/** Sends `request`; resolves with a 2xx response or throws a classified ProviderError. */
export async function sendProviderRequest(
  request: ProviderHttpRequest,
  fetch: FetchLike,
  attempt: AttemptController,
  limits: Pick<ProviderLimits, 'maxErrorBodyBytes' | 'maxStreamBytes'>,
  clock: { now: () => number; maxRetryAfterMs: number },
): Promise<Response> {
  const init: RequestInit = {
    method: request.method,
    headers: { ...request.headers },
    redirect: 'error',
    signal: attempt.signal,
  };
  if (request.body !== undefined) init.body = JSON.stringify(request.body);
  let response: Response;
  try {
    response = await raceSignal(fetch(request.url, init), attempt.signal);
  } catch (error) {
    throw toAttemptFailure(error, attempt);
  }
  if (!response.ok) {
    const text = await readBoundedText(response, limits.maxErrorBodyBytes, attempt);
    throw classifyHttpError(
      response.status,
      text,
      parseRetryAfter(response.headers, clock.now(), clock.maxRetryAfterMs),
    );
  }
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limits.maxStreamBytes) {
    void response.body?.cancel().catch(() => undefined);
    throw streamTooLarge(limits.maxStreamBytes);
  }
  return response;
}

/** Network failures are TypeErrors from fetch; they are retryable because nothing was sent back. */
export function toAttemptFailure(error: unknown, attempt: AttemptController): Error {
  const failure = attempt.failureFor(error);
  if (failure instanceof ProviderError || isCancellation(failure)) return failure;
  return new ProviderError('PROVIDER_NETWORK', `Network error: ${failure.message}`.slice(0, 300), {
    isRetryable: true,
  });
}

/**
 * Yields body chunks. The caller armed the first-byte watchdog before sending; each
 * chunk re-arms it with the idle timeout. The reader is cancelled on every early exit
 * (a consumer `break`, an abort, a bound), so the connection is released.
 */
export async function* readBodyChunks(
  response: Response,
  attempt: AttemptController,
  timeouts: Pick<StreamTimeouts, 'idleMs'>,
  maxStreamBytes: number,
): AsyncGenerator<Uint8Array, void, undefined> {
  if (!response.body)
    throw new ProviderError('PROVIDER_MALFORMED_STREAM', 'The response has no body.');
  const reader = response.body.getReader();
  let total = 0;
  let isFinished = false;
  try {
    for (;;) {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await raceSignal(reader.read(), attempt.signal);
      } catch (error) {
        throw toAttemptFailure(error, attempt);
      }
      if (result.done) {
        isFinished = true;
        return;
      }
      total += result.value.byteLength;
      if (total > maxStreamBytes) throw streamTooLarge(maxStreamBytes);
      attempt.arm(timeouts.idleMs, 'idle');
      yield result.value;
    }
  } finally {
    if (!isFinished) void reader.cancel().catch(() => undefined);
    else reader.releaseLock();
  }
}

/** Reads at most `maxBytes` of an error body; a bigger body is cut, not buffered whole. */
async function readBoundedText(
  response: Response,
  maxBytes: number,
  attempt: AttemptController,
): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let total = 0;
  try {
    for (;;) {
      const result = await raceSignal(reader.read(), attempt.signal);
      if (result.done) break;
      const room = maxBytes - total;
      total += result.value.byteLength;
      text += decoder.decode(result.value.subarray(0, Math.max(0, room)), { stream: true });
      if (total >= maxBytes) break;
    }
  } catch (error) {
    const failure = toAttemptFailure(error, attempt);
    // Cancellation still wins over the HTTP error; a broken error body does not.
    if (
      isCancellation(failure) ||
      (failure instanceof ProviderError && failure.code === 'PROVIDER_TIMEOUT')
    )
      throw failure;
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return text + decoder.decode();
}

function streamTooLarge(maxStreamBytes: number): ProviderError {
  return new ProviderError(
    'PROVIDER_STREAM_TOO_LARGE',
    `The response exceeded ${maxStreamBytes} bytes.`,
    {
      details: { limit: 'stream', maxStreamBytes },
    },
  );
}
