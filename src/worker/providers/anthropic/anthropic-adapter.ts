// ## Owns
// The Anthropic Messages adapter: request shape, native streaming, models list.
// ## Endpoint choice
// The base URL is the API root as Anthropic documents it (`https://api.anthropic.com`);
// `/v1/messages` is appended. A base URL already ending in `/v1` (how most
// OpenAI-style settings are typed, and how proxies are often documented) gets only
// `/messages`, so both spellings work.
// @see https://docs.anthropic.com/en/api/messages-streaming
import type {
  ListedModel,
  ModelAdapter,
  ModelRequest,
  ModelSettings,
  ReasoningEffort,
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
import { AnthropicStreamInterpreter } from './anthropic-stream-interpreter';
import { AnthropicModelListSchema } from './anthropic-wire';
import { convertAnthropicMessages, convertAnthropicTools } from './convert-anthropic-messages';

const DEFAULT_MAX_OUTPUT_TOKENS = 8_192;
/** Thinking budgets per effort; the API requires at least 1024 and less than max_tokens. */
const THINKING_BUDGET: Record<ReasoningEffort, number> = {
  minimal: 1_024,
  low: 4_096,
  medium: 12_000,
  high: 32_000,
};

/** `<root>/v1/<path>` with the `/v1` not doubled. */
export function anthropicUrl(baseUrl: string, path: string): string {
  const root = normalizeBaseUrl(baseUrl);
  return root.endsWith('/v1') ? `${root}/${path}` : `${root}/v1/${path}`;
}

function anthropicHeaders(settings: ModelSettings): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-api-key': settings.apiKey,
    'anthropic-version': '2023-06-01',
    // Required for calls from a browser context (the extension worker counts as one).
    'anthropic-dangerous-direct-browser-access': 'true',
  };
}

/** Builds the streaming request. Exported for request-shape tests. */
export function buildAnthropicRequest(request: ModelRequest): ProviderHttpRequest {
  const { settings } = request;
  const { system, messages } = convertAnthropicMessages(request.messages);
  const maxOutput = settings.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
  const body: Record<string, unknown> = {
    model: settings.modelId,
    max_tokens: maxOutput,
    stream: true,
    messages,
  };
  if (system !== '') body['system'] = system;
  // Extended thinking only runs at the default temperature.
  if (settings.temperature !== undefined && settings.reasoningEffort === undefined)
    body['temperature'] = settings.temperature;
  if (request.tools.length > 0) body['tools'] = convertAnthropicTools(request.tools);
  if (settings.reasoningEffort !== undefined) {
    const budget = THINKING_BUDGET[settings.reasoningEffort];
    body['thinking'] = { type: 'enabled', budget_tokens: budget };
    body['max_tokens'] = maxOutput + budget;
  }
  return {
    url: anthropicUrl(settings.baseUrl, 'messages'),
    method: 'POST',
    headers: anthropicHeaders(settings),
    body,
  };
}

async function* streamAnthropic(
  request: ModelRequest,
  options: StreamOptions,
): AsyncGenerator<StreamPart, void, undefined> {
  const { retry, context } = resolveStreamOptions(options);
  let httpRequest: ProviderHttpRequest | undefined;
  let buildError: unknown;
  try {
    httpRequest = buildAnthropicRequest(request);
  } catch (error) {
    buildError = error;
  }
  yield* streamWithRetry(
    () =>
      httpRequest
        ? runStreamAttempt(httpRequest, new AnthropicStreamInterpreter(context.limits), context)
        : failingAttempt(buildError),
    options.signal,
    retry,
  );
}

async function listAnthropicModels(
  settings: ModelSettings,
  options: SettingsRequestOptions,
): Promise<SettingsCheckResult<ListedModel[]>> {
  let url: string;
  try {
    url = `${anthropicUrl(settings.baseUrl, 'models')}?limit=1000`;
  } catch (error) {
    return toSettingsFailure(error);
  }
  const result = await fetchProviderJson(
    { url, method: 'GET', headers: anthropicHeaders(settings) },
    options,
  );
  if (!result.ok) return result;
  const parsed = AnthropicModelListSchema.safeParse(result.data);
  if (!parsed.success)
    return {
      ok: false,
      code: 'PROVIDER_MALFORMED_STREAM',
      message: 'The models list has an unexpected shape.',
    };
  return {
    ok: true,
    data: parsed.data.data.map((model) =>
      model.display_name ? { id: model.id, displayName: model.display_name } : { id: model.id },
    ),
  };
}

/** The Anthropic Messages adapter. */
export const anthropicAdapter: ModelAdapter = {
  kind: 'anthropic',
  stream: streamAnthropic,
  listModels: listAnthropicModels,
};
