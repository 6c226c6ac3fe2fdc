// Loads the MAIN runtime through a web-accessible <script> element when the
// worker's registration or injection did not deliver it (e.g. a tab that loaded
// while the worker was repairing a stale registration, or a browser without MAIN
// world executeScript). Each element is removed after it loads or fails.
import { BRIDGE_FALLBACK_BACKOFF_MS, BRIDGE_FALLBACK_FIRST_MS } from '../../shared/protocol/limits';

export function scheduleFallbackLoader(
  scriptUrl: string,
  isReady: () => boolean,
  signal: AbortSignal,
): void {
  let attempt = 0;
  const next = (wait: number) => {
    const timer = setTimeout(load, wait);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  };
  function load() {
    if (isReady() || signal.aborted) return;
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = false;
    const done = () => script.remove();
    script.addEventListener('load', done, { once: true });
    script.addEventListener('error', done, { once: true });
    (document.head ?? document.documentElement).append(script);
    const wait =
      BRIDGE_FALLBACK_BACKOFF_MS[Math.min(attempt, BRIDGE_FALLBACK_BACKOFF_MS.length - 1)] ?? 5_000;
    attempt += 1;
    next(wait);
  }
  next(BRIDGE_FALLBACK_FIRST_MS);
}
