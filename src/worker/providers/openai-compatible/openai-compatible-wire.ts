// Wire shapes of Chat Completions streaming, checked loosely: unknown fields pass
// (vendors add many), but a known field of the wrong type is a malformed stream.
// @see https://platform.openai.com/docs/api-reference/chat-streaming/streaming
import { z } from '../../../shared/schema/zod';

const optionalString = z.string().nullish();
const optionalCount = z.number().nonnegative().nullish();

export const OpenAiToolCallDeltaSchema = z.looseObject({
  index: z.number().int().nonnegative().nullish(),
  id: optionalString,
  type: optionalString,
  function: z
    .looseObject({
      name: optionalString,
      // A few servers (older Ollama) send parsed objects instead of the JSON string.
      arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
    })
    .nullish(),
});

export const OpenAiDeltaSchema = z.looseObject({
  role: optionalString,
  content: optionalString,
  /** DeepSeek, vLLM, SiliconFlow, LM Studio. */
  reasoning_content: optionalString,
  /** OpenRouter and Ollama send a string; some gateways an object with `content`. */
  reasoning: z.union([z.string(), z.looseObject({ content: optionalString })]).nullish(),
  /** Seen on a few self-hosted gateways. */
  thinking: optionalString,
  tool_calls: z.array(OpenAiToolCallDeltaSchema).max(256).nullish(),
});

export const OpenAiUsageSchema = z.looseObject({
  prompt_tokens: optionalCount,
  completion_tokens: optionalCount,
  prompt_tokens_details: z.looseObject({ cached_tokens: optionalCount }).nullish(),
  completion_tokens_details: z.looseObject({ reasoning_tokens: optionalCount }).nullish(),
});

export const OpenAiChunkSchema = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        index: z.number().nullish(),
        delta: OpenAiDeltaSchema.nullish(),
        finish_reason: optionalString,
      }),
    )
    .nullish(),
  usage: OpenAiUsageSchema.nullish(),
  /** Mid-stream failures (OpenRouter, vLLM, LiteLLM) arrive as a chunk with `error`. */
  error: z.unknown().optional(),
});
export type OpenAiChunk = z.infer<typeof OpenAiChunkSchema>;
export type OpenAiDelta = z.infer<typeof OpenAiDeltaSchema>;
export type OpenAiUsage = z.infer<typeof OpenAiUsageSchema>;

/** `GET /models` response. */
export const OpenAiModelListSchema = z.looseObject({
  data: z.array(z.looseObject({ id: z.string().min(1).max(512) })).max(10_000),
});
