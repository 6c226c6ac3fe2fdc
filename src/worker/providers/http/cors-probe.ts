// ## Owns
// Telling a model server that is down from one that is up but refuses to let Side
// Agent read its answers. fetch rejects with the same bare TypeError in both cases,
// and the person's fix differs: start the server, or let Side Agent in.
// ## How
// After a network failure, one opaque request to the same origin: `no-cors` mode
// resolves when anything answers and rejects when nothing does. It carries no key,
// no body and no cookies, and goes only to the model's own origin, so it reveals
// nothing the failed request did not already send there.
// ## Why no proxy document
// An extension page (an offscreen document or the panel) fetches with the same
// extension origin and the same host grants as this worker, so relaying provider
// traffic through one cannot get past a server that refuses the origin; the way in
// is the host grant asked for when the model is saved, or the server's own header.
import { raceAbort } from '../../../shared/lib/abort';
import type { FetchLike } from '../model-adapter';
import { ProviderError } from '../provider-error';

/** How long the probe may take before the server counts as unreachable. */
export const CORS_PROBE_TIMEOUT_MS = 2_000;

/**
 * Whether the origin of `url` answers an opaque request: true means the failed
 * request reached a running server that withheld its answer from this extension.
 */
export async function answersOpaquely(
  url: string,
  fetch: FetchLike,
  signal: AbortSignal,
): Promise<boolean> {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return false;
  }
  if (signal.aborted) return false;
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), CORS_PROBE_TIMEOUT_MS);
  const bounded = AbortSignal.any([signal, timer.signal]);
  try {
    // Raced as well: a fetch that ignores its signal must not hold the run. No
    // `redirect: 'manual'`: Chromium's worker rejects it with `no-cors` outright,
    // and a followed redirect carries nothing, as the probe holds no key or body.
    const probe = fetch(`${origin}/`, {
      method: 'GET',
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: bounded,
    });
    await raceAbort(probe, bounded);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timeout);
  }
}

/** The failure for a running server that does not let this extension read its answers. */
export function blockedByOrigin(url: string): ProviderError {
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // The message still names what was configured.
  }
  return new ProviderError(
    'PROVIDER_BLOCKED_BY_ORIGIN',
    `The server at ${host} is running but does not let Side Agent read its answers. Save the model and allow access when the browser asks, or make the server send the header Access-Control-Allow-Origin.`,
    { isRetryable: false, details: { host } },
  );
}
