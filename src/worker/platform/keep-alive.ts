// ## Owns
// Keeping the MV3 worker alive while a run is active. Chrome stops a worker after
// ~30 s without extension events; an open panel's port pings reset that timer, but
// a run must also survive a closed panel, a model whose first byte takes 45 s and
// an approval that stays pending for minutes. Any extension
// API call resets the idle timer, so a cheap one runs every 20 s while leased.
// @see https://developer.chrome.com/docs/extensions/develop/concepts/service-workers/lifecycle
import type { KeepAlive } from '../agent/agent-core';
import { KEEP_ALIVE_INTERVAL_MS } from '../agent/run-limits';

export function createKeepAlive(
  ping: () => Promise<unknown> = () => chrome.runtime.getPlatformInfo(),
  intervalMs = KEEP_ALIVE_INTERVAL_MS,
): KeepAlive & { readonly leases: () => number } {
  let leases = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  return {
    acquire() {
      leases += 1;
      if (timer === null) timer = setInterval(() => void ping().catch(() => undefined), intervalMs);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        leases -= 1;
        if (leases === 0 && timer !== null) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
    leases: () => leases,
  };
}
