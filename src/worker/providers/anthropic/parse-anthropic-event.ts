// ## Owns
// Turning one SSE `data:` payload of a Messages API stream into a checked event.
// ## Why
// Nearly every event of a long answer is a `content_block_delta` carrying a string
// of text, thinking or tool input, and checking each with the zod union cost more
// than parsing it. Those, and `ping`, are checked by hand against the schema's own
// rules. Every other event (starts, stops, usage, errors, signatures, anything of
// an unexpected type) goes through `AnthropicEventSchema`, the one definition of
// what is accepted, so it gets exactly the schema's verdict and message. The tests
// check both paths agree on generated events.
//
// Before that, an event that repeats a recent common delta but for its text is read
// from that event's template without JSON.parse (see json-template-cache.ts).
// @see https://docs.anthropic.com/en/docs/build-with-claude/streaming#event-types
import { checkEventShape, parseEventJson } from '../sse/parse-event-json';
import { JsonTemplateCache } from '../sse/json-template-cache';
import { AnthropicEventSchema, type AnthropicEvent } from './anthropic-wire';

const KNOWN_EVENTS = new Set([
  'message_start',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
  'ping',
  'error',
]);

/** The string field each common delta type must carry. */
const COMMON_DELTA_FIELDS: Readonly<Record<string, string>> = {
  text_delta: 'text',
  thinking_delta: 'thinking',
  input_json_delta: 'partial_json',
};

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The event itself when it is a common delta or a ping, which the schema would
 * accept unchanged; undefined when only the schema can decide.
 */
export function commonAnthropicEvent(json: unknown): AnthropicEvent | undefined {
  if (!isObject(json)) return undefined;
  if (json['type'] === 'ping') return json as AnthropicEvent;
  if (json['type'] !== 'content_block_delta') return undefined;
  // The schema's `int()` means a safe integer.
  const index = json['index'];
  if (!Number.isSafeInteger(index) || (index as number) < 0) return undefined;
  const delta = json['delta'];
  if (!isObject(delta) || typeof delta['type'] !== 'string') return undefined;
  const field = COMMON_DELTA_FIELDS[delta['type']];
  return field !== undefined && typeof delta[field] === 'string'
    ? (json as AnthropicEvent)
    : undefined;
}

/**
 * Parses and checks the events of one stream, like `parseAnthropicEvent`; the event
 * returned is valid until the next call.
 */
export class AnthropicEventParser {
  private readonly templates = new JsonTemplateCache();

  parse(data: string): AnthropicEvent | undefined {
    const repeated = this.templates.match(data);
    if (repeated !== undefined) return repeated as AnthropicEvent;
    const event = parseAnthropicEvent(data);
    if (event?.type === 'content_block_delta' && commonAnthropicEvent(event) === event) {
      const field = COMMON_DELTA_FIELDS[event.delta.type];
      if (field !== undefined)
        this.templates.learn(data, event as Record<string, unknown>, ['delta', field]);
    }
    return event;
  }
}

/**
 * Parses and checks one event's data. Unknown event types are skipped (undefined),
 * as the API's versioning policy asks; throws PROVIDER_MALFORMED_STREAM otherwise.
 */
export function parseAnthropicEvent(data: string): AnthropicEvent | undefined {
  const json = parseEventJson(data);
  const common = commonAnthropicEvent(json);
  if (common !== undefined) return common;
  const type = isObject(json) ? json['type'] : undefined;
  if (typeof type === 'string' && !KNOWN_EVENTS.has(type)) return undefined;
  return checkEventShape(AnthropicEventSchema, json);
}
