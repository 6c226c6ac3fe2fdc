// Settings checks and option defaults shared by every adapter.
import type { StreamOptions } from './model-adapter';
import { ProviderError } from './provider-error';
import {
  DEFAULT_PROVIDER_LIMITS,
  DEFAULT_STREAM_TIMEOUTS,
  type RetryOptions,
} from './provider-limits';
import type { AttemptContext } from './http/run-stream-attempt';
import { DEFAULT_RETRY_OPTIONS } from './http/stream-with-retry';

/**
 * Validates a configured base URL and strips trailing slashes (study STR-01).
 * Only http and https: anything else cannot be a model server, and a typo should
 * fail with a message instead of a confusing network error.
 */
export function normalizeBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new ProviderError('PROVIDER_INVALID_SETTINGS', 'The base URL is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ProviderError(
      'PROVIDER_INVALID_SETTINGS',
      'The base URL must start with http:// or https://.',
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new ProviderError(
      'PROVIDER_INVALID_SETTINGS',
      'Put the API key in the key field, not in the base URL.',
    );
  }
  return url.href.replace(/\/+$/, '');
}

/** Resolved retry policy and attempt context for one stream call. */
export function resolveStreamOptions(options: StreamOptions): {
  retry: RetryOptions;
  context: AttemptContext;
} {
  const retry: RetryOptions = { ...DEFAULT_RETRY_OPTIONS, ...options.retry };
  return {
    retry,
    context: {
      signal: options.signal,
      fetch: options.fetch,
      limits: { ...DEFAULT_PROVIDER_LIMITS, ...options.limits },
      timeouts: { ...DEFAULT_STREAM_TIMEOUTS, ...options.timeouts },
      now: retry.now,
      maxRetryAfterMs: retry.maxRetryAfterMs,
    },
  };
}
