// ## Owns
// Reading an untrusted HTTP response body with a byte limit enforced WHILE it
// streams: the reader is cancelled as soon as the limit is crossed, so a server
// that sends gigabytes or never ends cannot fill the worker's memory.
// ## Why not response.text()
// `text()` and `json()` buffer the whole body before we could look at its size,
// and a declared Content-Length can lie or be absent (chunked encoding).
import { IntegrationError } from './integration-error';
import type { ErrorCode } from '../../shared/protocol/error-codes';

/** A body read to completion within the limit. */
export interface BoundedBody {
  readonly bytes: Uint8Array;
}

function declaredLength(response: Response): number | null {
  const header = response.headers.get('content-length');
  if (header === null || !/^\d+$/.test(header)) return null;
  return Number(header);
}

/**
 * Read `response`'s body, at most `maxBytes`. Throws an IntegrationError with
 * `tooLargeCode` (details.limit) when the declared length or the streamed bytes
 * exceed it, after cancelling the reader. Abort errors from the fetch signal
 * propagate unchanged so the caller can tell Stop from timeout.
 */
export async function readBoundedBody(
  response: Response,
  maxBytes: number,
  tooLargeCode: ErrorCode,
): Promise<BoundedBody> {
  const tooLarge = () =>
    new IntegrationError(tooLargeCode, `The response is larger than ${maxBytes} bytes.`, {
      limit: maxBytes,
    });
  const declared = declaredLength(response);
  if (declared !== null && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (response.body === null) return { bytes: new Uint8Array(0) };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes };
}

/**
 * `body` with a byte bound: once more than `maxBytes` have streamed, the stream
 * errors with `onTooLarge()` and the source is cancelled. Used under the MCP SDK,
 * which reads bodies itself (JSON with `json()`, SSE incrementally), so the bound
 * must sit in the stream. A transform stream settles exactly once, so a reader
 * never sees the stream machinery's own exceptions.
 */
export function boundedStream(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  onTooLarge: () => Error,
): ReadableStream<Uint8Array> {
  let total = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > maxBytes) controller.error(onTooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
}

/** The first bytes of a body, whether more followed, and how long it says or was seen to be. */
export interface BodyPrefix {
  readonly bytes: Uint8Array;
  readonly truncated: boolean;
  /** The declared Content-Length, else the bytes seen (a lower bound when truncated). */
  readonly originalLength: number;
}

/**
 * Read at most `maxBytes` of `response`'s body and cancel the rest: for a reader that
 * keeps the start of a large page rather than refusing it. A body declared larger than
 * the limit is still read only up to the limit, so a 500 MB answer costs `maxBytes`.
 */
export async function readBodyPrefix(response: Response, maxBytes: number): Promise<BodyPrefix> {
  const declared = declaredLength(response);
  if (response.body === null) {
    return { bytes: new Uint8Array(0), truncated: false, originalLength: 0 };
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let kept = 0;
  let seen = 0;
  let truncated = false;
  while (!truncated) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += value.byteLength;
    const room = maxBytes - kept;
    if (value.byteLength > room) {
      truncated = true;
      await reader.cancel().catch(() => undefined);
    }
    const part = value.byteLength > room ? value.subarray(0, room) : value;
    chunks.push(part);
    kept += part.byteLength;
  }
  const bytes = new Uint8Array(kept);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, truncated, originalLength: Math.max(declared ?? 0, seen) };
}
