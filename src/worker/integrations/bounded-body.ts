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
 * A Response whose body errors with `tooLargeCode` once more than `maxBytes` have
 * streamed (and cancels the source). Used under the MCP SDK, which reads bodies
 * itself: JSON with `json()`, SSE incrementally, so the bound must sit in the stream.
 */
export function boundResponse(
  response: Response,
  maxBytes: number,
  tooLargeCode: ErrorCode,
): Response {
  const tooLarge = () =>
    new IntegrationError(tooLargeCode, `The response is larger than ${maxBytes} bytes.`, {
      limit: maxBytes,
    });
  const declared = declaredLength(response);
  if (declared !== null && declared > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (response.body === null) return response;
  const reader = response.body.getReader();
  let total = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        total += value.byteLength;
        if (total > maxBytes) {
          await reader.cancel().catch(() => undefined);
          controller.error(tooLarge());
          return;
        }
        controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
