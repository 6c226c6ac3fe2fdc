// Non-streaming JSON requests for the settings page (list models, test connection).
// Same bounds and error codes as a run, but a structured result instead of a throw,
// because the settings page shows the outcome rather than failing a run.
import type { SettingsCheckResult, SettingsRequestOptions } from '../model-adapter';
import { ProviderError, isCancellation } from '../provider-error';
import { DEFAULT_PROVIDER_LIMITS } from '../provider-limits';
import { AttemptController } from './attempt-controller';
import { BodyReader, sendProviderRequest, type ProviderHttpRequest } from './send-provider-request';

const DEFAULT_SETTINGS_TIMEOUT_MS = 20_000;
/** A models list is small; 4 MiB holds tens of thousands of ids (OpenRouter lists ~400). */
const MAX_JSON_BYTES = 4 * 1024 * 1024;

/** GETs or POSTs `request` and parses JSON. Throws only CANCELLED. */
export async function fetchProviderJson(
  request: ProviderHttpRequest,
  options: SettingsRequestOptions,
): Promise<SettingsCheckResult<unknown>> {
  const attempt = new AttemptController(options.signal);
  attempt.arm(options.timeoutMs ?? DEFAULT_SETTINGS_TIMEOUT_MS, 'first-byte');
  try {
    const response = await sendProviderRequest(
      request,
      options.fetch,
      attempt,
      {
        maxErrorBodyBytes: DEFAULT_PROVIDER_LIMITS.maxErrorBodyBytes,
        maxStreamBytes: MAX_JSON_BYTES,
      },
      { now: Date.now, maxRetryAfterMs: 0 },
    );
    const decoder = new TextDecoder();
    let text = '';
    const idleMs = options.timeoutMs ?? DEFAULT_SETTINGS_TIMEOUT_MS;
    const body = new BodyReader(response, attempt, idleMs, MAX_JSON_BYTES);
    try {
      for (let chunk = await body.read(); chunk !== undefined; chunk = await body.read())
        text += decoder.decode(chunk, { stream: true });
    } finally {
      body.close();
    }
    text += decoder.decode();
    try {
      return { ok: true, data: JSON.parse(text) as unknown };
    } catch {
      throw new ProviderError('PROVIDER_MALFORMED_STREAM', 'The response is not JSON.');
    }
  } catch (error) {
    if (isCancellation(error)) throw error;
    return toSettingsFailure(error);
  } finally {
    attempt.dispose();
  }
}

/** Converts any failure into the structured settings result. */
export function toSettingsFailure(error: unknown): SettingsCheckResult<never> {
  if (error instanceof ProviderError) {
    const failure: { ok: false; code: ProviderError['code']; message: string; status?: number } = {
      ok: false,
      code: error.code,
      message: error.message,
    };
    if (error.status !== undefined) failure.status = error.status;
    return failure;
  }
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, code: 'PROVIDER_HTTP_ERROR', message };
}
