// ## Owns
// The OpenAI-compatible Chat Completions adapter (OpenAI, DeepSeek, OpenRouter,
// Ollama, llama.cpp, vLLM, LM Studio): request shape, streaming and the models list.
// @see https://platform.openai.com/docs/api-reference/chat/create
import type {
  ListedModel,
  ModelAdapter,
  ModelRequest,
  ModelSettings,
  SettingsCheckResult,
  SettingsRequestOptions,
  StreamOptions,
  StreamPart,
} from '../model-adapter';
import { fetchProviderJson, toSettingsFailure } from '../http/fetch-provider-json';
import { runStreamAttempt } from '../http/run-stream-attempt';
import type { ProviderHttpRequest } from '../http/send-provider-request';
import { failingAttempt, streamWithRetry } from '../http/stream-with-retry';
import { normalizeBaseUrl, resolveStreamOptions } from '../provider-options';
import {
  convertOpenAiCompatibleMessages,
  convertOpenAiCompatibleTools,
} from './convert-openai-compatible-messages';
import { OpenAiCompatibleStreamInterpreter } from './openai-compatible-stream-interpreter';
import { OpenAiModelListSchema } from './openai-compatible-wire';

/** Builds the streaming request. Exported for request-shape tests. */
export function buildOpenAiCompatibleRequest(request: ModelRequest): ProviderHttpRequest {
  const { settings } = request;
  const body: Record<string, unknown> = {
    model: settings.modelId,
    stream: true,
    // Without it the stream has no usage chunk; servers that do not know the option ignore it.
    stream_options: { include_usage: true },
    messages: convertOpenAiCompatibleMessages(request.messages),
  };
  if (request.tools.length > 0) body['tools'] = convertOpenAiCompatibleTools(request.tools);
  if (settings.reasoningEffort !== undefined) body['reasoning_effort'] = settings.reasoningEffort;
  if (settings.temperature !== undefined) body['temperature'] = settings.temperature;
  return {
    url: `${normalizeBaseUrl(settings.baseUrl)}/chat/completions`,
    method: 'POST',
    headers: jsonHeaders(settings),
    body,
  };
}

function jsonHeaders(settings: ModelSettings): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream, application/json',
  };
  // Local servers often need no key; an empty Bearer header makes some of them reject the call.
  if (settings.apiKey !== '') headers['authorization'] = `Bearer ${settings.apiKey}`;
  return headers;
}

async function* streamOpenAiCompatible(
  request: ModelRequest,
  options: StreamOptions,
): AsyncGenerator<StreamPart, void, undefined> {
  const { retry, context } = resolveStreamOptions(options);
  let httpRequest: ProviderHttpRequest | undefined;
  let buildError: unknown;
  try {
    httpRequest = buildOpenAiCompatibleRequest(request);
  } catch (error) {
    buildError = error;
  }
  yield* streamWithRetry(
    () =>
      httpRequest
        ? runStreamAttempt(
            httpRequest,
            new OpenAiCompatibleStreamInterpreter(context.limits),
            context,
          )
        : failingAttempt(buildError),
    options.signal,
    retry,
  );
}

async function listOpenAiCompatibleModels(
  settings: ModelSettings,
  options: SettingsRequestOptions,
): Promise<SettingsCheckResult<ListedModel[]>> {
  let url: string;
  try {
    url = `${normalizeBaseUrl(settings.baseUrl)}/models`;
  } catch (error) {
    return toSettingsFailure(error);
  }
  const result = await fetchProviderJson(
    { url, method: 'GET', headers: jsonHeaders(settings) },
    options,
  );
  if (!result.ok) return result;
  const parsed = OpenAiModelListSchema.safeParse(result.data);
  if (!parsed.success)
    return {
      ok: false,
      code: 'PROVIDER_MALFORMED_STREAM',
      message: 'The models list has an unexpected shape.',
    };
  return { ok: true, data: parsed.data.data.map((model) => ({ id: model.id })) };
}

/** The OpenAI-compatible adapter. */
export const openAiCompatibleAdapter: ModelAdapter = {
  kind: 'openai-compatible',
  stream: streamOpenAiCompatible,
  listModels: listOpenAiCompatibleModels,
};
