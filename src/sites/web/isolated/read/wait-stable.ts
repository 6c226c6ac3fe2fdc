// ## Owns
// `web/wait-stable` in one frame: one slice of waiting (at most a few seconds, well
// inside a page request's time limit) until the document has been quiet for
// `quietMs`. Activity is any DOM mutation, a resource this document finished loading
// (Resource Timing entries), or the document still loading. The worker strings slices
// together and carries the quiet time already seen from one slice to the next.
// ## What it cannot see
// Requests still in flight (Resource Timing reports a resource when it has finished),
// WebSocket and WebRTC traffic, work in workers and service workers, other frames'
// requests, and canvas or CSS animation that does not touch the DOM.
// ## Why it cannot be starved
// The observer callback only counts and stamps the time; a page that mutates forever
// or throws in its own observers changes nothing here but the count.

export interface StabilityRequest {
  readonly quietMs: number;
  readonly maxMs: number;
  readonly quietSoFarMs: number;
  readonly network: boolean;
}

export interface StabilitySlice {
  readonly quiet: boolean;
  readonly elapsedMs: number;
  readonly mutations: number;
  readonly resources: number;
  readonly quietForMs: number;
  readonly readyState: DocumentReadyState;
}

const TICK_MS = 50;

export function waitStable(
  request: StabilityRequest,
  signal: AbortSignal,
): Promise<StabilitySlice> {
  const started = performance.now();
  let lastActivity = started - request.quietSoFarMs;
  let mutations = 0;
  let resources = 0;
  return new Promise((resolve) => {
    const observer = new MutationObserver((records) => {
      mutations += records.length;
      lastActivity = performance.now();
    });
    observer.observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    let timing: PerformanceObserver | null = null;
    if (request.network && typeof PerformanceObserver === 'function') {
      timing = new PerformanceObserver((list) => {
        const count = list.getEntries().length;
        if (count === 0) return;
        resources += count;
        lastActivity = performance.now();
      });
      try {
        timing.observe({ type: 'resource', buffered: false });
      } catch {
        timing = null;
      }
    }
    let done = false;
    const finish = (quiet: boolean) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      signal.removeEventListener('abort', onAbort);
      observer.disconnect();
      timing?.disconnect();
      const now = performance.now();
      resolve({
        quiet,
        elapsedMs: Math.round(now - started),
        mutations,
        resources,
        quietForMs: Math.max(0, Math.round(now - lastActivity)),
        readyState: document.readyState,
      });
    };
    const check = () => {
      const now = performance.now();
      if (request.network && document.readyState !== 'complete') lastActivity = now;
      if (now - lastActivity >= request.quietMs) finish(true);
      else if (now - started >= request.maxMs) finish(false);
    };
    const onAbort = () => finish(false);
    signal.addEventListener('abort', onAbort, { once: true });
    const timer = setInterval(check, TICK_MS);
    if (signal.aborted) finish(false);
    else check();
  });
}
