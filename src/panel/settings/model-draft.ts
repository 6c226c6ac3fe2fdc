// ## Owns
// The pure rules of the model form: what the draft holds, how the plain-HTTP
// acknowledgement binds to one exact origin, how the API key field maps onto
// ModelInput (absent keeps the stored key, empty clears it), the optional prices
// (both or neither), and inline checks.
// No DOM and no worker calls here, so the rules are tested directly.
import type {
  ModelInput,
  ModelView,
  ReasoningEffortSchema,
} from '../../shared/protocol/settings-messages';
import type { z } from '../../shared/schema/zod';
import type { PromptTier } from '../../shared/protocol/agent-modes';
import { dollarsFieldText, readPrice } from './dollar-fields';

export type ReasoningEffort = z.infer<typeof ReasoningEffortSchema>;
export type ProviderKind = ModelInput['kind'];

/** A key a provider sign-in produced, held by the worker until the model is saved. */
export interface KeyGrant {
  readonly grant: string;
  /** The key's last characters. */
  readonly hint: string;
  /** The provider's name, as the form says it. */
  readonly provider: string;
}

/** What the model form edits. Numbers stay text until saved so typing is free. */
export interface ModelDraft {
  readonly id: string | null;
  readonly name: string;
  readonly kind: ProviderKind;
  readonly baseUrl: string;
  /** A newly typed key; empty means "keep the stored key" unless `clearKey`. */
  readonly apiKey: string;
  readonly clearKey: boolean;
  /** A signed-in key to save; a typed key or Clear key replaces it. */
  readonly keyGrant: KeyGrant | null;
  readonly modelId: string;
  readonly supportsVision: boolean;
  readonly reasoningEffort: ReasoningEffort;
  readonly contextWindow: string;
  /** The exact origin the user allowed plain HTTP for, or null. */
  readonly insecureOrigin: string | null;
  /** The person's prompt tier, or 'auto' (from the context window). */
  readonly promptTier: PromptTier | 'auto';
  /** US dollars per million input / output tokens as typed; both empty: no prices. */
  readonly inputPrice: string;
  readonly outputPrice: string;
}

export const REASONING_EFFORT_LABELS: Readonly<Record<ReasoningEffort, string>> = {
  default: 'Default',
  minimal: 'Minimal',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

export const PROVIDER_KIND_LABELS: Readonly<Record<ProviderKind, string>> = {
  'openai-compatible': 'OpenAI-compatible',
  anthropic: 'Anthropic',
};

export const DEFAULT_CONTEXT_WINDOW = 128_000;

/** A blank draft for "Add model". */
export function emptyDraft(): ModelDraft {
  return {
    id: null,
    name: '',
    kind: 'openai-compatible',
    baseUrl: '',
    apiKey: '',
    clearKey: false,
    keyGrant: null,
    modelId: '',
    supportsVision: false,
    reasoningEffort: 'default',
    contextWindow: String(DEFAULT_CONTEXT_WINDOW),
    insecureOrigin: null,
    promptTier: 'auto',
    inputPrice: '',
    outputPrice: '',
  };
}

/** A draft for editing a saved model; the key field starts empty (= keep). */
export function draftFromModel(model: ModelView): ModelDraft {
  return {
    id: model.id,
    name: model.name,
    kind: model.kind,
    baseUrl: model.baseUrl,
    apiKey: '',
    clearKey: false,
    keyGrant: null,
    modelId: model.modelId,
    supportsVision: model.supportsVision,
    reasoningEffort: model.reasoningEffort,
    contextWindow: String(model.contextWindow),
    insecureOrigin: model.insecureOriginAcknowledged,
    promptTier: model.promptTier ?? 'auto',
    inputPrice: dollarsFieldText(model.prices?.inputPerMillion),
    outputPrice: dollarsFieldText(model.prices?.outputPerMillion),
  };
}

/** The URL parser's origin of `baseUrl`, or null when it does not parse. */
export function originOf(baseUrl: string): string | null {
  try {
    const url = new URL(baseUrl.trim());
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}

const isLoopbackHost = (hostname: string) =>
  hostname === 'localhost' ||
  hostname.endsWith('.localhost') ||
  /^127(?:\.\d{1,3}){3}$/.test(hostname) ||
  hostname === '[::1]';

/** The origin that needs a plain-HTTP acknowledgement: non-loopback http only. */
export function insecureOriginOf(baseUrl: string): string | null {
  try {
    const url = new URL(baseUrl.trim());
    return url.protocol === 'http:' && !isLoopbackHost(url.hostname) ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Applies a base URL edit. An acknowledgement survives only while the URL keeps
 * the origin it was given for: a different origin must be acknowledged again.
 */
export function withBaseUrl(draft: ModelDraft, baseUrl: string): ModelDraft {
  const keepsAck =
    draft.insecureOrigin !== null && insecureOriginOf(baseUrl) === draft.insecureOrigin;
  // A signed-in key belongs to its provider: another origin never gets it.
  const keepsGrant = draft.keyGrant !== null && originOf(baseUrl) === originOf(draft.baseUrl);
  return {
    ...draft,
    baseUrl,
    insecureOrigin: keepsAck ? draft.insecureOrigin : null,
    keyGrant: keepsGrant ? draft.keyGrant : null,
  };
}

export type DraftField =
  | 'name'
  | 'baseUrl'
  | 'modelId'
  | 'contextWindow'
  | 'insecureOrigin'
  | 'inputPrice'
  | 'outputPrice';
export type DraftErrors = Partial<Record<DraftField, string>>;

/** Inline checks before anything is sent; the worker re-checks everything. */
export function validateDraft(draft: ModelDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.name.trim() === '') errors.name = 'A name is required.';
  if (draft.baseUrl.trim() === '') errors.baseUrl = 'A base URL is required.';
  else if (originOf(draft.baseUrl) === null) errors.baseUrl = 'This is not a valid URL.';
  if (draft.modelId.trim() === '') errors.modelId = 'A model id is required.';
  const window = Number(draft.contextWindow);
  if (!Number.isInteger(window) || window < 1_024 || window > 10_000_000) {
    errors.contextWindow = 'Enter a whole number of tokens between 1,024 and 10,000,000.';
  }
  const insecure = insecureOriginOf(draft.baseUrl);
  if (insecure !== null && draft.insecureOrigin !== insecure) {
    errors.insecureOrigin = `Plain HTTP sends your key unencrypted; allow it for ${insecure} to continue.`;
  }
  return { ...errors, ...priceErrorsOf(draft) };
}

/** Each price must read as dollars, and one entered needs the other. */
function priceErrorsOf(draft: ModelDraft): DraftErrors {
  const input = readPrice(draft.inputPrice);
  const output = readPrice(draft.outputPrice);
  const errors: DraftErrors = {};
  if (!input.ok) errors.inputPrice = input.message;
  if (!output.ok) errors.outputPrice = output.message;
  const both = 'Enter both prices to count this model\u2019s cost, or leave both empty.';
  if (input.ok && output.ok && (input.value === null) !== (output.value === null)) {
    if (input.value === null) errors.inputPrice = both;
    else errors.outputPrice = both;
  }
  return errors;
}

/** The ModelInput sent to the worker: the key only when typed or cleared. */
export function toModelInput(draft: ModelDraft): ModelInput {
  const input: ModelInput = {
    name: draft.name.trim(),
    kind: draft.kind,
    baseUrl: draft.baseUrl.trim(),
    modelId: draft.modelId.trim(),
    supportsVision: draft.supportsVision,
    reasoningEffort: draft.reasoningEffort,
    contextWindow: Number(draft.contextWindow),
    insecureOriginAcknowledged:
      draft.insecureOrigin !== null && draft.insecureOrigin === insecureOriginOf(draft.baseUrl)
        ? draft.insecureOrigin
        : null,
  };
  if (draft.id !== null) input.id = draft.id;
  // Automatic is the field left out, so a later change of the rule reaches this model.
  if (draft.promptTier !== 'auto') input.promptTier = draft.promptTier;
  // Left out when empty, so saving the form without prices removes stored ones.
  const inputPrice = readPrice(draft.inputPrice);
  const outputPrice = readPrice(draft.outputPrice);
  if (inputPrice.ok && outputPrice.ok && inputPrice.value !== null && outputPrice.value !== null)
    input.prices = { inputPerMillion: inputPrice.value, outputPerMillion: outputPrice.value };
  if (draft.clearKey) input.apiKey = '';
  else if (draft.apiKey !== '') input.apiKey = draft.apiKey;
  else if (draft.keyGrant !== null) input.apiKeyGrant = draft.keyGrant.grant;
  return input;
}
