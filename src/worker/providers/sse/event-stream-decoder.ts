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
import { Utf8StreamDecoder } from './utf8-stream-decoder';

/** One dispatched event. `event` is the `event:` field (Anthropic uses it; OpenAI does not). */
export interface ServerSentEvent {
  readonly event: string | undefined;
  readonly data: string;
}

const NO_EVENTS: readonly ServerSentEvent[] = Object.freeze([]);

/** The OpenAI end-of-stream sentinel; several compatible servers send it too. */
export const DONE_SENTINEL = '[DONE]';

/** Push-based decoder: feed bytes, get the events they completed. */
export class EventStreamDecoder {
  private readonly text = new Utf8StreamDecoder();
  private readonly parser: EventSourceParser;
  private events: ServerSentEvent[] = [];
  private failure: ProviderError | undefined;
  private sawDone = false;

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
    if (this.sawDone) return NO_EVENTS;
    return this.feed(this.text.decode(chunk));
  }

  /** Ends the stream: a trailing line without its newline still counts (study STR-02). */
  end(): readonly ServerSentEvent[] {
    if (this.sawDone) return NO_EVENTS;
    const rest = this.text.end();
    if (rest !== '') this.parser.feed(rest);
    // A final event whose blank line never came is still delivered; servers that
    // close right after the last `data:` line would otherwise lose it.
    this.parser.feed('\n\n');
    return this.collect();
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

function tooLarge(maxEventChars: number): ProviderError {
  return new ProviderError('PROVIDER_STREAM_TOO_LARGE', `One stream event exceeded ${maxEventChars} characters.`, {
    details: { limit: 'event', maxEventChars },
  });
}
