// ## Owns
// The one stream dialect every model provider is translated into (house style D9.6):
// the provider-neutral request, the StreamPart union and the ModelAdapter contract.
// ## Never
// Knows a vendor's wire format; that lives in `<vendor>/` folders beside this file.
// ## Why
// The run loop, the panel stream and the tests speak StreamPart only, so adding a
// provider is a folder plus one registry line and nothing downstream changes.
import type { ErrorCode } from '../../shared/protocol/error-codes';
import type { ProviderLimits, RetryOptions, StreamTimeouts } from './provider-limits';

/** Which wire dialect a configured model speaks. */
export type ProviderKind = 'openai-compatible' | 'anthropic';

/** Reasoning effort passed through to providers that support it; absent means "provider default". */
export type ReasoningEffort = 'minimal' | 'low' | 'medium' | 'high';

/** The settings of one configured model, as the settings page stores them. */
export interface ModelSettings {
  readonly kind: ProviderKind;
  /** E.g. `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`, `https://api.anthropic.com`. */
  readonly baseUrl: string;
  /** May be empty for local servers that need no key. */
  readonly apiKey: string;
  readonly modelId: string;
  readonly reasoningEffort?: ReasoningEffort;
  /** Output token cap; Anthropic requires one. @default 8192 (Anthropic only) */
  readonly maxOutputTokens?: number;
  /** Sampling temperature; set by our code for calls that must be repeatable, never stored. */
  readonly temperature?: number;
}

/** One piece of a user message. Images are base64 without the `data:` prefix. */
export type UserContentPart =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image'; readonly mediaType: string; readonly base64: string };

/** A tool call as the assistant made it; `argumentsText` is the raw provider string. */
export interface AssistantToolCall {
  readonly id: string;
  readonly name: string;
  readonly argumentsText: string;
}

/** Provider-neutral conversation messages; converters map them to each wire format. */
export type ModelMessage =
  | { readonly role: 'system'; readonly text: string }
  | { readonly role: 'user'; readonly content: readonly UserContentPart[] }
  | {
      readonly role: 'assistant';
      readonly text: string;
      readonly toolCalls?: readonly AssistantToolCall[];
      /**
       * Reasoning of this assistant turn. Only Anthropic thinking blocks with a
       * signature are replayed (the API requires them within a tool loop); other
       * providers never get reasoning back (study §6.1 item 7: some reject or bill it).
       */
      readonly reasoning?: { readonly text: string; readonly signature?: string };
    }
  | {
      readonly role: 'tool';
      readonly callId: string;
      readonly toolName: string;
      /** Serialized result text (the run loop caps it before it gets here). */
      readonly content: string;
      readonly isError?: boolean;
    };

/** A tool offered to the model. `inputSchema` is a JSON Schema object. */
export interface ModelToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

/** Everything one model call needs. */
export interface ModelRequest {
  readonly settings: ModelSettings;
  readonly messages: readonly ModelMessage[];
  readonly tools: readonly ModelToolDefinition[];
}

/** Why the model stopped; unknown vendor reasons map to `other` (raw kept in `rawReason`). */
export type FinishReason = 'stop' | 'length' | 'content_filter' | 'tool_calls' | 'other';

/** Token counts as far as the provider reported them. */
export interface ModelUsage {
  inputTokens?: number;
  outputTokens?: number;
  reasoningTokens?: number;
  cachedInputTokens?: number;
}

/**
 * The stream dialect. Text and reasoning arrive as deltas in provider order; tool
 * calls arrive complete (assembled and bounded) after the last delta; then usage
 * (if reported); then exactly one terminal part: `finish` or `error`.
 */
export type StreamPart =
  | { readonly type: 'text-delta'; readonly text: string }
  | { readonly type: 'reasoning-delta'; readonly text: string }
  /**
   * Anthropic's signature over the preceding thinking block. Kept so the run loop
   * can replay the block in the next round of a tool loop, which the API requires.
   * @see https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking
   */
  | { readonly type: 'reasoning-signature'; readonly signature: string }
  | {
      readonly type: 'tool-call';
      readonly id: string;
      readonly name: string;
      /** The raw argument string; the tool registry parses and validates it fail-closed. */
      readonly argumentsText: string;
      /** False when `argumentsText` is not valid JSON, so the problem is visible before dispatch. */
      readonly isArgumentsJson: boolean;
    }
  | { readonly type: 'usage'; readonly usage: ModelUsage }
  | { readonly type: 'finish'; readonly reason: FinishReason; readonly rawReason?: string }
  | {
      readonly type: 'error';
      readonly code: ErrorCode;
      readonly message: string;
      readonly details?: Readonly<Record<string, unknown>>;
    };

/** The fetch signature adapters receive; never the global one, so tests inject fakes. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Per-call dependencies and tunables. */
export interface StreamOptions {
  readonly signal: AbortSignal;
  readonly fetch: FetchLike;
  readonly timeouts?: Partial<StreamTimeouts>;
  readonly limits?: Partial<ProviderLimits>;
  readonly retry?: Partial<RetryOptions>;
}

/** A model listed by the provider's models endpoint. */
export interface ListedModel {
  readonly id: string;
  readonly displayName?: string;
}

/** Structured outcome of a settings-page request; never throws except for CANCELLED. */
export type SettingsCheckResult<T> =
  | { readonly ok: true; readonly data: T }
  | {
      readonly ok: false;
      readonly code: ErrorCode;
      readonly message: string;
      readonly status?: number;
    };

/** What "Test connection" reports. */
export interface ConnectionReport {
  /** Whether `settings.modelId` appears in the provider's list (undefined when the list is empty). */
  readonly isModelListed: boolean | undefined;
  readonly modelCount: number;
  readonly latencyMs: number;
}

/** Options for the settings-page requests. */
export interface SettingsRequestOptions {
  readonly signal: AbortSignal;
  readonly fetch: FetchLike;
  /** @default 20000 */
  readonly timeoutMs?: number;
}

/** The provider contract. Implementations live in `<vendor>/<vendor>-adapter.ts`. */
export interface ModelAdapter {
  readonly kind: ProviderKind;
  /**
   * Streams one model call. Failures become one terminal `error` part; an abort of
   * `options.signal` instead rejects with the protocol CANCELLED failure and yields
   * nothing further, so a stopped run gets no late output.
   */
  stream(request: ModelRequest, options: StreamOptions): AsyncIterable<StreamPart>;
  listModels(
    settings: ModelSettings,
    options: SettingsRequestOptions,
  ): Promise<SettingsCheckResult<ListedModel[]>>;
}
