// Bytes to text across arbitrary chunk boundaries. A multi-byte character split
// between two network chunks must not become two U+FFFD, so the TextDecoder runs in
// stream mode. Tiny ASCII chunks skip it: a 1-byte-per-read stream (slow proxies,
// the benchmark) would otherwise pay one native call per byte.

const SMALL_CHUNK = 16;

/** Stateful UTF-8 decoder for one stream. */
export class Utf8StreamDecoder {
  private readonly decoder = new TextDecoder('utf-8');
  /** Continuation bytes the TextDecoder still waits for; 0 means it holds nothing. */
  private pendingContinuations = 0;

  /** Decodes the next chunk; an incomplete trailing character is held back. */
  decode(chunk: Uint8Array): string {
    if (this.pendingContinuations === 0 && chunk.length <= SMALL_CHUNK && isAscii(chunk)) {
      return chunk.length === 1 ? String.fromCharCode(chunk[0] as number) : String.fromCharCode(...chunk);
    }
    this.trackPending(chunk);
    return this.decoder.decode(chunk, { stream: true });
  }

  /** Flushes a held incomplete character (as U+FFFD, per the Encoding spec). */
  end(): string {
    this.pendingContinuations = 0;
    return this.decoder.decode();
  }

  // Mirrors the decoder's pending state cheaply, so the ASCII fast path never
  // overtakes bytes the TextDecoder still holds.
  private trackPending(chunk: Uint8Array): void {
    let pending = this.pendingContinuations;
    for (const byte of chunk) {
      if (pending > 0 && (byte & 0xc0) === 0x80) pending -= 1;
      else if (byte >= 0xf0) pending = 3;
      else if (byte >= 0xe0) pending = 2;
      else if (byte >= 0xc0) pending = 1;
      else pending = 0;
    }
    this.pendingContinuations = pending;
  }
}

function isAscii(chunk: Uint8Array): boolean {
  for (const byte of chunk) if (byte >= 0x80) return false;
  return true;
}
