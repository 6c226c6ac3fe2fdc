import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../test/support/diff-oracle';
import { ProviderError } from '../provider-error';
import { OpenAiChunkSchema } from './openai-compatible-wire';
import { commonOpenAiChunk, parseOpenAiCompatibleChunk } from './parse-openai-compatible-chunk';

type Pick = <T>(values: readonly T[]) => T;

/**
 * Field values for generated chunks: mostly what the schema accepts, sometimes
 * something it refuses, so that fully valid chunks, chunks with one bad field and
 * chunks only the schema can judge all occur often.
 */
interface Generator {
  pick: Pick;
  field<T>(good: readonly T[], bad?: readonly unknown[]): T | unknown;
}

const BAD = [0, 1.5, -1, true, {}, [], { content: 'x' }, 'x'];
const TEXT = [undefined, null, '', 'text', 'Hello'];

function fragment(gen: Generator): unknown {
  return gen.field(
    [
      {
        index: gen.field([undefined, null, 0, 2], [-1, 1.5, '1', 2 ** 53]),
        id: gen.field(TEXT),
        type: gen.field([undefined, 'function']),
        function: gen.field(
          [
            undefined,
            null,
            { name: gen.field(TEXT), arguments: gen.field(TEXT, [{ a: 1 }, 5, []]) },
          ],
          ['x'],
        ),
      },
    ],
    ['x', null],
  );
}

function delta(gen: Generator): unknown {
  const toolCalls = gen.field(
    [undefined, null, [], [fragment(gen)], [fragment(gen), fragment(gen)]],
    ['x', Array.from({ length: 257 }, () => ({ index: 0 }))],
  );
  return gen.field(
    [
      undefined,
      null,
      {
        role: gen.field([undefined, 'assistant']),
        content: gen.field(TEXT),
        reasoning_content: gen.field(TEXT),
        reasoning: gen.field(TEXT, [...BAD, { content: null }]),
        thinking: gen.field(TEXT),
        tool_calls: toolCalls,
        vendor_extra: gen.pick([undefined, ...BAD]),
      },
    ],
    ['x'],
  );
}

function chunk(gen: Generator): unknown {
  const choice = () =>
    gen.field(
      [
        {
          index: gen.field([undefined, null, 0, 1], ['0', true]),
          delta: delta(gen),
          finish_reason: gen.field([undefined, null, 'stop'], [5, {}]),
          logprobs: gen.pick([undefined, ...BAD]),
        },
      ],
      ['x'],
    );
  return {
    object: 'chat.completion.chunk',
    choices: gen.field([undefined, null, [], [choice()], [choice()], [choice(), choice()]], ['x']),
    usage: gen.field([undefined, null], [{ prompt_tokens: 5 }, { prompt_tokens: -1 }, 'x']),
    error: gen.field([undefined], [null, { message: 'boom' }]),
  };
}

function refusalOf(data: string): string | undefined {
  try {
    parseOpenAiCompatibleChunk(data);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).code).toBe('PROVIDER_MALFORMED_STREAM');
    return (error as ProviderError).message;
  }
}

describe('parseOpenAiCompatibleChunk', () => {
  it('takes the hand-checked path for the common chunk shapes', () => {
    for (const common of [
      { choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: null }] },
      { choices: [{ index: 0, delta: { reasoning_content: 'Hm' } }] },
      { choices: [{ delta: { reasoning: 'Hm', role: 'assistant' } }] },
      { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: null },
      {
        choices: [
          {
            index: 0,
            delta: {
              tool_calls: [{ index: 0, id: 'c', type: 'function', function: { arguments: '{' } }],
            },
          },
        ],
      },
      { id: 'x', choices: [] },
    ])
      expect(commonOpenAiChunk(common)).toBe(common);
  });

  it('gives the schema verdict, data and message on 4,000 generated chunks', () => {
    const random = seededRandom(20);
    const pick: Pick = (values) => values[Math.floor(random() * values.length)] as never;
    const gen: Generator = {
      pick,
      field: (good, bad = BAD) => (random() < 0.9 ? pick(good) : pick(bad)),
    };
    let handChecked = 0;
    let refused = 0;
    for (let round = 0; round < 4_000; round += 1) {
      // Through JSON first: the parser only ever sees what JSON.parse produces.
      const data = JSON.stringify(chunk(gen));
      const json: unknown = JSON.parse(data);
      const schema = OpenAiChunkSchema.safeParse(json);
      const common = commonOpenAiChunk(json);
      if (common !== undefined) {
        handChecked += 1;
        expect(schema.success).toBe(true);
        expect(schema.data).toEqual(common);
      }
      const refusal = refusalOf(data);
      if (schema.success) {
        expect(refusal).toBeUndefined();
        expect(parseOpenAiCompatibleChunk(data)).toEqual(schema.data);
      } else {
        refused += 1;
        expect(refusal).toBe(
          `A stream event has an unexpected shape: ${schema.error.issues[0]?.message ?? ''}`,
        );
      }
    }
    // Both paths and refusals are exercised, not only one of them.
    expect(handChecked).toBeGreaterThan(200);
    expect(refused).toBeGreaterThan(200);
    expect(4_000 - handChecked - refused).toBeGreaterThan(200);
    // Thousands of schema parses: slow on a busy two-core machine, not a speed test.
  }, 60_000);

  it('refuses text that is not JSON', () => {
    expect(refusalOf('{"choices": [')).toBe('A stream event is not JSON: "{\\"choices\\": ["');
  });
});
