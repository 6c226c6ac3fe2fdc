// ## Owns
// Vendor-neutral decoding of a `text/event-stream` body into events: CR, LF and
// CRLF line ends, multi-line `data:` joined, comments ignored, `[DONE]` ends the
// stream, and a bound on one line or event so a hostile 10 MB line is an error.
// ## Why
// The reference parser split lines itself and got multi-line data and lone CR wrong
// (study §6.1 item 5); eventsource-parser implements the WHATWG algorithm.
// @see https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
import { createParser, type EventSourceParser } from 'eventsource-parser';
import { ProviderError } from '../provider-error';

/** One dispatched event. `event` is the `event:` field (Anthropic uses it; OpenAI does not). */
export interface ServerSentEvent {
  readonly event: string | undefined;
  readonly data: string;
}

const NO_EVENTS: readonly ServerSentEvent[] = Object.freeze([]);

/** The OpenAI end-of-stream sentinel; several compatible servers send it too. */
export const DONE_SENTINEL = '[DONE]';

const INITIAL_BUFFER_BYTES = 4_096;
const RETAINED_BUFFER_BYTES = 64 * 1024;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Push-based decoder: feed bytes, get the events they completed.
 *
 * Bytes are buffered until a chunk brings a line break, then decoded and parsed in
 * one go. A stream delivered one byte per read (slow proxies, the benchmark) thus
 * costs one array push per byte instead of a decode and a parser call, and a
 * multi-byte character is never split at a chunk edge. The TextDecoder still runs
 * in stream mode for characters split across a line break boundary chunk.
 */
export class EventStreamDecoder {
  private readonly text = new TextDecoder('utf-8');
  /** Bytes of the current unfinished line, not yet decoded. */
  private pending = new Uint8Array(INITIAL_BUFFER_BYTES);
  private pendingBytes = 0;
  private readonly parser: EventSourceParser;
  private events: ServerSentEvent[] = [];
  private failure: ProviderError | undefined;
  private sawDone = false;

  /** @param maxEventChars Longest line (in bytes) or event (in characters) accepted. */
  constructor(private readonly maxEventChars: number) {
    this.parser = createParser({
      maxBufferSize: maxEventChars,
      onEvent: (message) => {
        if (this.sawDone || this.failure) return;
        if (message.data === DONE_SENTINEL) {
          this.sawDone = true;
          return;
        }
        if (message.data.length > maxEventChars) {
          this.failure = tooLarge(maxEventChars);
          return;
        }
        this.events.push({ event: message.event, data: message.data });
      },
      onError: (error) => {
        // Unknown fields and bad `retry:` values are legal noise; only the buffer cap matters.
        if (error.type === 'max-buffer-size-exceeded') this.failure ??= tooLarge(maxEventChars);
      },
    });
  }

  /** True once `[DONE]` arrived; later bytes are ignored. */
  get isDone(): boolean {
    return this.sawDone;
  }

  /** Decodes one chunk. Throws PROVIDER_STREAM_TOO_LARGE when a line or event is over the cap. */
  push(chunk: Uint8Array): readonly ServerSentEvent[] {
    if (this.sawDone || chunk.length === 0) return NO_EVENTS;
    if (!hasLineBreak(chunk)) {
      // A line that never ends is refused before it grows, instead of buffering 10 MB.
      if (this.pendingBytes + chunk.length > this.maxEventChars) throw tooLarge(this.maxEventChars);
      this.append(chunk);
      return NO_EVENTS;
    }
    return this.feed(this.text.decode(this.takePending(chunk), { stream: true }));
  }

  /** Ends the stream: a trailing line without its newline still counts (study STR-02). */
  end(): readonly ServerSentEvent[] {
    if (this.sawDone) return NO_EVENTS;
    const rest = this.text.decode(this.takePending(new Uint8Array(0)));
    if (rest !== '') this.parser.feed(rest);
    // A final event whose blank line never came is still delivered; servers that
    // close right after the last `data:` line would otherwise lose it.
    this.parser.feed('\n\n');
    return this.collect();
  }

  /** Buffered bytes plus `chunk`, as one view that is valid until the next push. */
  private takePending(chunk: Uint8Array): Uint8Array {
    if (this.pendingBytes === 0) return chunk;
    this.append(chunk);
    const joined = this.pending.subarray(0, this.pendingBytes);
    this.pendingBytes = 0;
    // A once-long line should not pin its buffer for the rest of the stream.
    if (this.pending.length > RETAINED_BUFFER_BYTES)
      this.pending = new Uint8Array(INITIAL_BUFFER_BYTES);
    return joined;
  }

  private append(chunk: Uint8Array): void {
    const needed = this.pendingBytes + chunk.length;
    if (needed > this.pending.length) {
      const grown = new Uint8Array(Math.max(needed, this.pending.length * 2));
      grown.set(this.pending.subarray(0, this.pendingBytes));
      this.pending = grown;
    }
    // set() has a fixed cost that dominates for the 1-byte chunks of a trickle.
    if (chunk.length <= 16) {
      for (let index = 0; index < chunk.length; index += 1)
        this.pending[this.pendingBytes + index] = chunk[index] as number;
    } else {
      this.pending.set(chunk, this.pendingBytes);
    }
    this.pendingBytes = needed;
  }

  private feed(text: string): readonly ServerSentEvent[] {
    if (text === '') return NO_EVENTS;
    this.parser.feed(text);
    return this.collect();
  }

  private collect(): readonly ServerSentEvent[] {
    if (this.failure) throw this.failure;
    if (this.events.length === 0) return NO_EVENTS;
    const events = this.events;
    this.events = [];
    return events;
  }
}

// TypedArray#indexOf is a runtime call; for the tiny chunks of a trickling stream a
// plain loop is several times faster.
function hasLineBreak(chunk: Uint8Array): boolean {
  if (chunk.length > 64) return chunk.indexOf(LF) !== -1 || chunk.indexOf(CR) !== -1;
  for (let index = 0; index < chunk.length; index += 1) {
    const byte = chunk[index];
    if (byte === LF || byte === CR) return true;
  }
  return false;
}

function tooLarge(maxEventChars: number): ProviderError {
  return new ProviderError(
    'PROVIDER_STREAM_TOO_LARGE',
    `One stream event exceeded ${maxEventChars} characters.`,
    {
      details: { limit: 'event', maxEventChars },
    },
  );
}
