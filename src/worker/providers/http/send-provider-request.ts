// The only place provider HTTP requests are sent and their bodies read. Injected
// fetch, `redirect: 'error'` (a redirect could carry the key to another origin),
// bounded bodies, and every wait ended by the attempt signal because a fake or
// polyfilled fetch may ignore it.
import { raceAbort, signalReason } from '../../../shared/lib/abort';
import { ProviderError, isCancellation } from '../provider-error';
import type { FetchLike } from '../model-adapter';
import type { ProviderLimits } from '../provider-limits';
import type { AttemptController } from './attempt-controller';
import { classifyHttpError } from './classify-provider-error';
import { parseRetryAfter } from './retry-after';
import { answersOpaquely, blockedByOrigin } from './cors-probe';

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
    response = await raceAbort(fetch(request.url, init), attempt.signal, signalReason);
  } catch (error) {
    const failure = toAttemptFailure(error, attempt);
    const isNetwork = failure instanceof ProviderError && failure.code === 'PROVIDER_NETWORK';
    if (isNetwork && (await answersOpaquely(request.url, fetch, attempt.signal)))
      throw blockedByOrigin(request.url);
    throw failure;
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
 * Reads a streamed body chunk by chunk. The caller armed the first-byte watchdog
 * before sending; the first chunk switches it to the idle watchdog and every chunk
 * is counted for it. `close()` must run on every exit (a consumer `break`, an abort,
 * a bound): it cancels the reader, so the connection is released.
 *
 * One abort listener serves the whole body instead of a promise race per read: on
 * abort it cancels the reader, and cancelling a stream settles its pending read
 * (with `done`) even when the underlying source ignores the signal. A stream read a
 * byte at a time thus costs one native read per byte and nothing more.
 */
export class BodyReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private total = 0;
  private isFinished = false;
  private hasChunk = false;
  private readonly onAbort = () => void this.reader.cancel().catch(() => undefined);

  constructor(
    response: Response,
    private readonly attempt: AttemptController,
    private readonly idleMs: number,
    private readonly maxBytes: number,
  ) {
    if (!response.body)
      throw new ProviderError('PROVIDER_MALFORMED_STREAM', 'The response has no body.');
    this.reader = response.body.getReader();
    if (attempt.signal.aborted) this.onAbort();
    else attempt.signal.addEventListener('abort', this.onAbort, { once: true });
  }

  /** The next chunk, or undefined at the end of the body. Rejects with the attempt's failure. */
  async read(): Promise<Uint8Array | undefined> {
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await this.next();
    } catch (error) {
      throw this.failure(error);
    }
    return this.accept(result);
  }

  /**
   * The raw read, for a hot loop that awaits it itself and passes the result to
   * `accept` (or a rejection to `failure`): one promise per chunk, no wrapper.
   */
  next(): Promise<ReadableStreamReadResult<Uint8Array>> {
    return this.reader.read();
  }

  /** The failure to throw for a rejected `next()`. */
  failure(error: unknown): Error {
    return toAttemptFailure(error, this.attempt);
  }

  /** Checks one read result and counts it: the chunk, or undefined at the end of the body. */
  accept(result: ReadableStreamReadResult<Uint8Array>): Uint8Array | undefined {
    // A cancelled reader reports `done`; an abort must not read as a complete body.
    if (this.attempt.signal.aborted) throw toAttemptFailure(undefined, this.attempt);
    if (result.done) {
      this.isFinished = true;
      return undefined;
    }
    this.total += result.value.byteLength;
    if (this.total > this.maxBytes) throw streamTooLarge(this.maxBytes);
    if (!this.hasChunk) {
      this.hasChunk = true;
      this.attempt.watchIdle(this.idleMs);
    }
    this.attempt.noteChunk();
    return result.value;
  }

  /** Detaches from the attempt and releases the connection. Idempotent. */
  close(): void {
    this.attempt.signal.removeEventListener('abort', this.onAbort);
    if (this.isFinished) this.reader.releaseLock();
    else void this.reader.cancel().catch(() => undefined);
    this.isFinished = true;
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
      const result = await raceAbort(reader.read(), attempt.signal, signalReason);
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
