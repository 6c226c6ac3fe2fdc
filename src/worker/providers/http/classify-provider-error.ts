// ## Owns
// Turning a non-2xx response, or a vendor error object inside a stream, into one
// distinct code the panel can act on (re-enter a key, shorten the chat, pick a model).
// ## Why
// Vendors disagree on status codes for the same problem: context overflow is a 400
// from OpenAI and Anthropic, a 400 or 500 from llama.cpp, a 400 or 413 from gateways.
// So the wording decides, and the status is the fallback.
import type { ErrorCode } from '../../../shared/protocol/error-codes';
import { ProviderError } from '../provider-error';

// OpenAI "maximum context length", "context_length_exceeded"; Anthropic "prompt is
// too long"; llama.cpp "exceeds the available context size", "exceed_context_size_error";
// Ollama "input length exceeds the context length"; vLLM "maximum model length".
const CONTEXT_WORDING =
  /context[ _-]?(length|window|size)|maximum (context|model) length|prompt is too long|too many tokens|exceeds? the (maximum|available) context|exceed_context_size|n_ctx|num_ctx|reduce the length of the messages|input (is )?too long/i;
// OpenAI "The model `x` does not exist", "model_not_found"; Ollama `model "x" not found`;
// OpenRouter "x is not a valid model ID"; Anthropic not_found_error "model: x".
const MODEL_WORDING =
  /model[_ ]not[_ ]found|no such model|unknown model|not a valid model|invalid model|model\b[^.]{0,80}\b(does not exist|not found|is not supported)|^model: /i;
const QUOTA_WORDING = /insufficient_quota|quota|billing|credit/i;
const OVERLOAD_WORDING = /overloaded/i;

/** Longest vendor message quoted in our error message. */
const MESSAGE_EXCERPT = 300;

/** Extracts a human message from common error bodies; falls back to the raw text. */
export function extractErrorMessage(bodyText: string): string {
  const trimmed = bodyText.trim();
  try {
    const parsed: unknown = JSON.parse(trimmed);
    const message = findMessage(parsed);
    if (message !== undefined) return message;
  } catch {
    // Not JSON (an HTML proxy page, plain text): quote it as is.
  }
  return trimmed;
}

function findMessage(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  for (const key of ['error', 'message', 'detail']) {
    const found = findMessage(record[key]);
    if (found !== undefined) return found;
  }
  const type = record['type'];
  return typeof type === 'string' ? type : undefined;
}

/** Maps an HTTP failure to a ProviderError. `retryAfterMs` comes from the response headers. */
export function classifyHttpError(
  status: number,
  bodyText: string,
  retryAfterMs?: number,
): ProviderError {
  const vendorMessage = extractErrorMessage(bodyText).slice(0, MESSAGE_EXCERPT);
  const code = codeForStatus(status, vendorMessage, bodyText);
  const isRetryable =
    (code === 'PROVIDER_RATE_LIMITED' && !QUOTA_WORDING.test(bodyText)) ||
    code === 'PROVIDER_OVERLOADED' ||
    (code === 'PROVIDER_HTTP_ERROR' && status >= 500) ||
    status === 408;
  const hint = status === 404 && code === 'PROVIDER_HTTP_ERROR' ? ' (check the base URL)' : '';
  const message = `API ${status}${hint}: ${vendorMessage || 'no error message'}`;
  const info: { status: number; isRetryable: boolean; retryAfterMs?: number } = {
    status,
    isRetryable,
  };
  if (retryAfterMs !== undefined) info.retryAfterMs = retryAfterMs;
  return new ProviderError(code, message, info);
}

function codeForStatus(status: number, vendorMessage: string, bodyText: string): ErrorCode {
  if (status === 401 || status === 403) return 'PROVIDER_AUTH';
  if (status === 429) return 'PROVIDER_RATE_LIMITED';
  if (status === 529 || (status === 503 && OVERLOAD_WORDING.test(bodyText)))
    return 'PROVIDER_OVERLOADED';
  if (status === 408) return 'PROVIDER_TIMEOUT';
  if (CONTEXT_WORDING.test(vendorMessage) || CONTEXT_WORDING.test(bodyText))
    return 'PROVIDER_CONTEXT_TOO_LONG';
  if (status === 413) return 'PROVIDER_CONTEXT_TOO_LONG';
  if (MODEL_WORDING.test(vendorMessage)) return 'PROVIDER_UNKNOWN_MODEL';
  // A JSON 404 comes from the API itself (unknown model); an HTML 404 usually means a
  // wrong base URL, which "unknown model" would misdiagnose.
  if (status === 404 && looksLikeJson(bodyText)) return 'PROVIDER_UNKNOWN_MODEL';
  return 'PROVIDER_HTTP_ERROR';
}

function looksLikeJson(text: string): boolean {
  const first = text.trimStart()[0];
  return first === '{' || first === '[';
}

/**
 * Maps a vendor error object received inside a 200 stream (OpenAI-style `{"error": …}`
 * or an Anthropic `error` event). Overload and rate limits stay retryable: the retry
 * loop still only retries when no output was yielded yet.
 */
export function classifyStreamError(payload: unknown): ProviderError {
  const vendorMessage = (findMessage(payload) ?? 'The provider reported an error.').slice(
    0,
    MESSAGE_EXCERPT,
  );
  const raw = JSON.stringify(payload) ?? '';
  let code: ErrorCode = 'PROVIDER_STREAM_ERROR';
  if (OVERLOAD_WORDING.test(raw)) code = 'PROVIDER_OVERLOADED';
  else if (/rate[_ ]limit/i.test(raw)) code = 'PROVIDER_RATE_LIMITED';
  else if (CONTEXT_WORDING.test(raw)) code = 'PROVIDER_CONTEXT_TOO_LONG';
  else if (MODEL_WORDING.test(vendorMessage)) code = 'PROVIDER_UNKNOWN_MODEL';
  const isRetryable = code === 'PROVIDER_OVERLOADED' || code === 'PROVIDER_RATE_LIMITED';
  return new ProviderError(code, `Stream error: ${vendorMessage}`, { isRetryable });
}
