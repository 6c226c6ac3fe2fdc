// Provider kind to adapter. Adding a provider is a folder beside this file plus one
// line here (house style D9.9); the Record type makes a missing kind a type error.
import { anthropicAdapter } from './anthropic/anthropic-adapter';
import type {
  ConnectionReport,
  ListedModel,
  ModelAdapter,
  ModelSettings,
  ProviderKind,
  SettingsCheckResult,
  SettingsRequestOptions,
} from './model-adapter';
import { openAiCompatibleAdapter } from './openai-compatible/openai-compatible-adapter';

const ADAPTERS: Readonly<Record<ProviderKind, ModelAdapter>> = Object.freeze({
  'openai-compatible': openAiCompatibleAdapter,
  anthropic: anthropicAdapter,
});

/** The adapter for a configured model. */
export function getModelAdapter(kind: ProviderKind): ModelAdapter {
  return ADAPTERS[kind];
}

/** Every registered kind, for the settings page's provider picker. */
export const PROVIDER_KINDS = Object.freeze(Object.keys(ADAPTERS) as ProviderKind[]);

/** "List models" on the settings page. Throws only CANCELLED. */
export function listModels(
  settings: ModelSettings,
  options: SettingsRequestOptions,
): Promise<SettingsCheckResult<ListedModel[]>> {
  return getModelAdapter(settings.kind).listModels(settings, options);
}

/**
 * "Test connection": lists models, which proves the URL, the key and CORS/host
 * permission without spending tokens, and reports whether the chosen model exists.
 * Throws only CANCELLED.
 */
export async function testConnection(
  settings: ModelSettings,
  options: SettingsRequestOptions & { now?: () => number },
): Promise<SettingsCheckResult<ConnectionReport>> {
  const now = options.now ?? Date.now;
  const started = now();
  const result = await listModels(settings, options);
  if (!result.ok) return result;
  const isModelListed =
    result.data.length === 0
      ? undefined
      : result.data.some((model) => model.id === settings.modelId);
  return {
    ok: true,
    data: { isModelListed, modelCount: result.data.length, latencyMs: now() - started },
  };
}
