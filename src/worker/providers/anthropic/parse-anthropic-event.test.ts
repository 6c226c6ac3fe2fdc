import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../test/support/diff-oracle';
import { ProviderError } from '../provider-error';
import { AnthropicEventSchema } from './anthropic-wire';
import { commonAnthropicEvent, parseAnthropicEvent } from './parse-anthropic-event';

type Pick = <T>(values: readonly T[]) => T;

/** Mostly values the schema accepts for a field, sometimes one it refuses. */
type Field = (good: readonly unknown[], bad?: readonly unknown[]) => unknown;

const BAD = [null, 0, -1, 1.5, true, {}, [], 'x'];

function event(pick: Pick, field: Field): unknown {
  return {
    type: field(
      [
        'content_block_delta',
        'content_block_delta',
        'ping',
        'message_start',
        'content_block_start',
        'content_block_stop',
        'message_delta',
        'message_stop',
        'error',
        'brand_new_event',
      ],
      [5, undefined],
    ),
    index: field([0, 3], [-1, 1.5, '0', null, undefined, 2 ** 53]),
    delta: field(
      [
        {
          type: field(
            ['text_delta', 'thinking_delta', 'input_json_delta', 'signature_delta'],
            ['citations_delta', 'unknown_delta', 7],
          ),
          text: field(['Hi', '']),
          thinking: field(['Hm']),
          partial_json: field(['{"a']),
          signature: field(['sig']),
          stop_reason: field(['end_turn', null]),
        },
      ],
      [undefined, 'x'],
    ),
    message: field([{}, { usage: { input_tokens: 3 } }], [undefined, { usage: 'x' }]),
    content_block: field([{ type: 'text', text: '' }], [undefined, { type: 5 }]),
    usage: field([undefined, null, { output_tokens: 2 }], [{ output_tokens: -2 }]),
    error: pick([undefined, { type: 'overloaded_error', message: 'busy' }]),
  };
}

function outcomeOf(data: string): { event?: unknown; refusal?: string } {
  try {
    return { event: parseAnthropicEvent(data) };
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).code).toBe('PROVIDER_MALFORMED_STREAM');
    return { refusal: (error as ProviderError).message };
  }
}

describe('parseAnthropicEvent', () => {
  it('takes the hand-checked path for deltas of text, thinking and tool input, and pings', () => {
    for (const common of [
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'thinking_delta', thinking: '' } },
      {
        type: 'content_block_delta',
        index: 2,
        delta: { type: 'input_json_delta', partial_json: '{' },
      },
      { type: 'ping' },
    ])
      expect(commonAnthropicEvent(common)).toBe(common);
  });

  it('gives the schema verdict, data and message on 4,000 generated events', () => {
    const random = seededRandom(21);
    const pick: Pick = (values) => values[Math.floor(random() * values.length)] as never;
    const field: Field = (good, bad = BAD) => (random() < 0.9 ? pick(good) : pick(bad));
    const seen = { handChecked: 0, skipped: 0, refused: 0, schema: 0 };
    for (let round = 0; round < 4_000; round += 1) {
      const data = JSON.stringify(event(pick, field));
      const json = JSON.parse(data) as { type?: unknown };
      const common = commonAnthropicEvent(json);
      const schema = AnthropicEventSchema.safeParse(json);
      const outcome = outcomeOf(data);
      if (common !== undefined) {
        seen.handChecked += 1;
        expect(schema.success).toBe(true);
        expect(schema.data).toEqual(common);
        expect(outcome.event).toEqual(common);
      } else if (json.type === 'brand_new_event') {
        // Unknown event types are skipped, as the API asks.
        seen.skipped += 1;
        expect(outcome).toEqual({ event: undefined });
      } else if (schema.success) {
        seen.schema += 1;
        expect(outcome.event).toEqual(schema.data);
      } else {
        seen.refused += 1;
        expect(outcome.refusal).toBe(
          `A stream event has an unexpected shape: ${schema.error.issues[0]?.message ?? ''}`,
        );
      }
    }
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(100);
  });
});
