// The two refusals every vendor's event parser shares: data that is not JSON, and
// JSON that its wire schema rejects, both PROVIDER_MALFORMED_STREAM with a message
// that quotes enough to find the event.
import type { z } from '../../../shared/schema/zod';
import { ProviderError } from '../provider-error';

/** `data` parsed as JSON; throws PROVIDER_MALFORMED_STREAM when it is not JSON. */
export function parseEventJson(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    throw malformedEvent(`A stream event is not JSON: ${JSON.stringify(data.slice(0, 80))}`);
  }
}

/** `json` checked by `schema`; throws PROVIDER_MALFORMED_STREAM with the first issue. */
export function checkEventShape<T>(schema: z.ZodType<T>, json: unknown): T {
  const result = schema.safeParse(json);
  if (!result.success)
    throw malformedEvent(
      `A stream event has an unexpected shape: ${result.error.issues[0]?.message ?? ''}`,
    );
  return result.data;
}

/** A PROVIDER_MALFORMED_STREAM failure. */
export function malformedEvent(message: string): ProviderError {
  return new ProviderError('PROVIDER_MALFORMED_STREAM', message);
}
