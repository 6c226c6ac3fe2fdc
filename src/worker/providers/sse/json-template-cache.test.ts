import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../test/support/diff-oracle';
import { AnthropicEventParser, parseAnthropicEvent } from '../anthropic/parse-anthropic-event';
import {
  OpenAiChunkParser,
  parseOpenAiCompatibleChunk,
} from '../openai-compatible/parse-openai-compatible-chunk';
import { ProviderError } from '../provider-error';
import { JsonTemplateCache } from './json-template-cache';

// Text pieces a delta may hold: plain words, JSON escapes, quotes, backslashes,
// astral and lone-surrogate escapes, and raw control characters (never valid JSON).
const PIECES = [
  'Hello',
  ' wörld',
  '✓ 🚀',
  '\\"',
  '\\\\',
  '\\n',
  '\\u00e9',
  '\\ud800',
  '"',
  '\\',
  '\u0001',
  '\\u0022x',
  '',
];

type Outcome = { value: unknown } | { error: string };

function outcome(parse: () => unknown): Outcome {
  try {
    // A copy: a template hands out the same object again for the next event.
    return { value: structuredClone(parse()) };
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return { error: `${(error as ProviderError).code} ${(error as Error).message}` };
  }
}

describe('JsonTemplateCache', () => {
  it('matches only text that differs from the template inside its string', () => {
    const cache = new JsonTemplateCache();
    const data = '{"a":1,"b":{"text":"first"},"c":[true]}';
    cache.learn(data, JSON.parse(data) as Record<string, unknown>, ['b', 'text']);
    expect(cache.match('{"a":1,"b":{"text":"second \\"quoted\\""},"c":[true]}')).toEqual({
      a: 1,
      b: { text: 'second "quoted"' },
      c: [true],
    });
    // An unescaped quote would end the string early; a trailing backslash would
    // escape the closing quote; a changed neighbour is a different structure.
    expect(cache.match('{"a":1,"b":{"text":"x","y":"z"},"c":[true]}')).toBeUndefined();
    expect(cache.match('{"a":1,"b":{"text":"x\\"},"c":[true]}')).toBeUndefined();
    expect(cache.match('{"a":2,"b":{"text":"x"},"c":[true]}')).toBeUndefined();
  });

  it('does not learn a template when the key is not unique in the text', () => {
    const cache = new JsonTemplateCache();
    // Both strings are equal, so only uniqueness tells which one the path means.
    const data = '{"text":"same","b":{"text":"same"}}';
    cache.learn(data, JSON.parse(data) as Record<string, unknown>, ['b', 'text']);
    expect(cache.match('{"text":"other","b":{"text":"same"}}')).toBeUndefined();
    expect(cache.match('{"text":"same","b":{"text":"other"}}')).toBeUndefined();
  });
});

describe('stream parsers with templates', () => {
  it('give the same chunk or refusal as a full parse, event by event, on generated OpenAI streams', () => {
    const random = seededRandom(77);
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;
    let templated = 0;
    for (let stream = 0; stream < 60; stream += 1) {
      const parser = new OpenAiChunkParser();
      const spacing = pick(['', ' ']);
      const field = pick(['content', 'reasoning_content', 'reasoning']);
      for (let event = 0; event < 80; event += 1) {
        const text = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(PIECES)).join(
          '',
        );
        const shape = random();
        const delta =
          shape < 0.7
            ? `{"${field}":${spacing}"${text}"}`
            : shape < 0.85
              ? `{"tool_calls":[{"index":0,"function":{"arguments":"${text}"}}]}`
              : `{"content":"${text}","role":"assistant"}`;
        const finish = random() < 0.05 ? '"stop"' : 'null';
        const data = `{"object":"chat.completion.chunk","choices":[{"index":0,"delta":${delta},"finish_reason":${finish}}]}`;
        if (text.length > 0 && event > 0) templated += 1;
        expect(
          outcome(() => parser.parse(data)),
          data,
        ).toEqual(outcome(() => parseOpenAiCompatibleChunk(data)));
      }
    }
    expect(templated).toBeGreaterThan(2_000);
  });

  it('give the same event or refusal as a full parse on generated Anthropic streams', () => {
    const random = seededRandom(78);
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;
    for (let stream = 0; stream < 60; stream += 1) {
      const parser = new AnthropicEventParser();
      for (let event = 0; event < 80; event += 1) {
        const text = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(PIECES)).join(
          '',
        );
        const [type, key] = pick([
          ['text_delta', 'text'],
          ['thinking_delta', 'thinking'],
          ['input_json_delta', 'partial_json'],
        ] as const);
        const index = random() < 0.9 ? 0 : 1;
        const data =
          random() < 0.05
            ? '{"type":"ping"}'
            : `{"type":"content_block_delta","index":${index},"delta":{"type":"${type}","${key}":"${text}"}}`;
        expect(
          outcome(() => parser.parse(data)),
          data,
        ).toEqual(outcome(() => parseAnthropicEvent(data)));
      }
    }
  });
});
