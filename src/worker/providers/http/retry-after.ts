// Retry-After parsing. RFC 9110 allows delay-seconds or an HTTP date; OpenAI also
// sends `retry-after-ms`. The result is capped so one header cannot stall a run.
// @see https://www.rfc-editor.org/rfc/rfc9110#field.retry-after

/** Milliseconds to wait, capped at `maxMs`, or undefined when no usable header is present. */
export function parseRetryAfter(headers: Headers, now: number, maxMs: number): number | undefined {
  const milliseconds = headers.get('retry-after-ms');
  if (milliseconds !== null && /^\d+(\.\d+)?$/.test(milliseconds.trim())) {
    return Math.min(Number(milliseconds), maxMs);
  }
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, maxMs);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.min(Math.max(0, date - now), maxMs);
}

/** Exponential backoff with "equal jitter": half fixed, half random, so retries spread out. */
export function computeBackoff(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number,
): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (exponential / 2) * random());
}
