// Wire shapes of the Messages API streaming events, checked loosely (new fields
// and block types pass; a known field of the wrong type is a malformed stream).
// @see https://docs.anthropic.com/en/docs/build-with-claude/streaming
import { z } from '../../../shared/schema/zod';

const count = z.number().nonnegative().nullish();

export const AnthropicUsageSchema = z.looseObject({
  input_tokens: count,
  output_tokens: count,
  cache_read_input_tokens: count,
  cache_creation_input_tokens: count,
});
export type AnthropicUsage = z.infer<typeof AnthropicUsageSchema>;

const index = z.number().int().nonnegative();

export const AnthropicEventSchema = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('message_start'),
    message: z.looseObject({ usage: AnthropicUsageSchema.nullish() }),
  }),
  z.looseObject({
    type: z.literal('content_block_start'),
    index,
    content_block: z.looseObject({
      type: z.string(),
      id: z.string().nullish(),
      name: z.string().nullish(),
      text: z.string().nullish(),
      thinking: z.string().nullish(),
    }),
  }),
  z.looseObject({
    type: z.literal('content_block_delta'),
    index,
    delta: z.discriminatedUnion('type', [
      z.looseObject({ type: z.literal('text_delta'), text: z.string() }),
      z.looseObject({ type: z.literal('thinking_delta'), thinking: z.string() }),
      z.looseObject({ type: z.literal('input_json_delta'), partial_json: z.string() }),
      z.looseObject({ type: z.literal('signature_delta'), signature: z.string() }),
      z.looseObject({ type: z.literal('citations_delta') }),
    ]),
  }),
  z.looseObject({ type: z.literal('content_block_stop'), index }),
  z.looseObject({
    type: z.literal('message_delta'),
    delta: z.looseObject({ stop_reason: z.string().nullish() }),
    usage: AnthropicUsageSchema.nullish(),
  }),
  z.looseObject({ type: z.literal('message_stop') }),
  z.looseObject({ type: z.literal('ping') }),
  z.looseObject({ type: z.literal('error'), error: z.unknown() }),
]);
export type AnthropicEvent = z.infer<typeof AnthropicEventSchema>;

/** `GET /v1/models` response. */
export const AnthropicModelListSchema = z.looseObject({
  data: z
    .array(
      z.looseObject({
        id: z.string().min(1).max(512),
        display_name: z.string().max(512).nullish(),
      }),
    )
    .max(10_000),
});
