// ## Owns
// Turning one SSE `data:` payload of a Chat Completions stream into a checked chunk.
// ## Why
// A 2 MB answer is ten thousand chunks, and running the zod schema on each one cost
// more than parsing the JSON. Almost every chunk has the same few shapes: one choice
// whose delta carries a string of content or reasoning, or tool-call fragments with
// string arguments, and no usage or error. Those are checked by hand here, field by
// field against the schema's own rules. Anything else (usage, an error object, an
// object-valued `reasoning` or `arguments`, several choices, a field of an
// unexpected type) goes through `OpenAiChunkSchema`, the one definition of what is
// accepted, so an unusual chunk gets exactly the schema's verdict and message. The
// tests check both paths agree on generated chunks.
//
// Before any of that, a chunk that repeats a recent common chunk but for the text of
// its delta is read from that chunk's template without JSON.parse (see
// json-template-cache.ts); the template was checked when it was learned.
import { checkEventShape, parseEventJson } from '../sse/parse-event-json';
import { JsonTemplateCache } from '../sse/json-template-cache';
import { OpenAiChunkSchema, type OpenAiChunk } from './openai-compatible-wire';

/** The schema's cap on tool-call fragments in one delta. */
const MAX_TOOL_CALL_FRAGMENTS = 256;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOptionalString(value: unknown): boolean {
  return value === undefined || value === null || typeof value === 'string';
}

// The schema's `int()` means a safe integer.
function isOptionalIndex(value: unknown): boolean {
  return (
    value === undefined || value === null || (Number.isSafeInteger(value) && (value as number) >= 0)
  );
}

function isCommonToolFragment(fragment: unknown): boolean {
  if (!isObject(fragment)) return false;
  if (!isOptionalIndex(fragment['index'])) return false;
  if (!isOptionalString(fragment['id']) || !isOptionalString(fragment['type'])) return false;
  const call = fragment['function'];
  if (call === undefined || call === null) return true;
  return isObject(call) && isOptionalString(call['name']) && isOptionalString(call['arguments']);
}

function isCommonDelta(delta: unknown): boolean {
  if (delta === undefined || delta === null) return true;
  if (!isObject(delta)) return false;
  if (
    !isOptionalString(delta['role']) ||
    !isOptionalString(delta['content']) ||
    !isOptionalString(delta['reasoning_content']) ||
    !isOptionalString(delta['reasoning']) ||
    !isOptionalString(delta['thinking'])
  )
    return false;
  const toolCalls = delta['tool_calls'];
  if (toolCalls === undefined || toolCalls === null) return true;
  if (!Array.isArray(toolCalls) || toolCalls.length > MAX_TOOL_CALL_FRAGMENTS) return false;
  for (const fragment of toolCalls) if (!isCommonToolFragment(fragment)) return false;
  return true;
}

/**
 * The chunk itself when it has one of the common shapes, which the schema would
 * accept unchanged; undefined when only the schema can decide.
 */
export function commonOpenAiChunk(json: unknown): OpenAiChunk | undefined {
  if (!isObject(json)) return undefined;
  if (json['error'] !== undefined) return undefined;
  const usage = json['usage'];
  if (usage !== undefined && usage !== null) return undefined;
  const choices = json['choices'];
  if (choices === undefined || choices === null) return json as OpenAiChunk;
  if (!Array.isArray(choices) || choices.length > 1) return undefined;
  const choice: unknown = choices[0];
  if (choice === undefined) return json as OpenAiChunk;
  if (!isObject(choice)) return undefined;
  const index = choice['index'];
  if (index !== undefined && index !== null && typeof index !== 'number') return undefined;
  if (!isOptionalString(choice['finish_reason'])) return undefined;
  return isCommonDelta(choice['delta']) ? (json as OpenAiChunk) : undefined;
}

const DELTA_STRINGS = ['content', 'reasoning_content', 'reasoning', 'thinking'] as const;

/** Where the text of a common chunk's delta is, for a template; undefined when it has none. */
function deltaTextPath(chunk: OpenAiChunk): (string | number)[] | undefined {
  const delta = chunk.choices?.[0]?.delta;
  if (chunk.choices?.length !== 1 || !delta) return undefined;
  for (const key of DELTA_STRINGS)
    if (typeof delta[key] === 'string' && delta[key] !== '') return ['choices', 0, 'delta', key];
  const call = delta.tool_calls?.length === 1 ? delta.tool_calls[0]?.function : undefined;
  if (typeof call?.arguments === 'string')
    return ['choices', 0, 'delta', 'tool_calls', 0, 'function', 'arguments'];
  return undefined;
}

/**
 * Parses and checks the events of one stream; throws PROVIDER_MALFORMED_STREAM for an
 * event that is not a chunk. The chunk returned is valid until the next call.
 */
export class OpenAiChunkParser {
  private readonly templates = new JsonTemplateCache();

  parse(data: string): OpenAiChunk {
    const repeated = this.templates.match(data);
    if (repeated !== undefined) return repeated as OpenAiChunk;
    const chunk = parseOpenAiCompatibleChunk(data);
    // Only a hand-checked chunk is the raw parsed JSON a template may reuse.
    if (commonOpenAiChunk(chunk) === chunk) {
      const path = deltaTextPath(chunk);
      if (path !== undefined) this.templates.learn(data, chunk as Record<string, unknown>, path);
    }
    return chunk;
  }
}

/** Parses and checks one event's data; throws PROVIDER_MALFORMED_STREAM when it is not a chunk. */
export function parseOpenAiCompatibleChunk(data: string): OpenAiChunk {
  const json = parseEventJson(data);
  const common = commonOpenAiChunk(json);
  if (common !== undefined) return common;
  return checkEventShape(OpenAiChunkSchema, json);
}
