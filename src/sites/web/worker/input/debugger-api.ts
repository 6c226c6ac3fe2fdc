// ## Owns
// The part of the browser's debugger API trusted input uses, as one narrow interface,
// so the session lifecycle can be driven by the real API and by a test double alike.
// Null where the browser has none (Firefox).

/** The tab itself, or a child session (an out-of-process frame) inside it. */
export interface DebuggerTarget {
  readonly tabId: number;
  readonly sessionId?: string;
}

export interface DebuggerApi {
  attach(target: { tabId: number }, version: string): Promise<void>;
  detach(target: { tabId: number }): Promise<void>;
  sendCommand(target: DebuggerTarget, method: string, params?: object): Promise<unknown>;
  /** Every debuggable target; `attached` says whether some client holds it. */
  getTargets(): Promise<readonly { tabId?: number; attached: boolean; type: string }[]>;
  onEvent: {
    addListener(listener: (source: DebuggerTarget, method: string, params?: unknown) => void): void;
  };
  onDetach: {
    addListener(listener: (source: { tabId?: number }, reason: string) => void): void;
  };
}

/** The browser's debugger API, or null where there is none. */
export function browserDebugger(): DebuggerApi | null {
  const scope = globalThis as { chrome?: { debugger?: typeof chrome.debugger } };
  const api = scope.chrome?.debugger;
  if (!api || typeof api.attach !== 'function') return null;
  return {
    attach: (target, version) => api.attach(target, version),
    detach: (target) => api.detach(target),
    sendCommand: (target, method, params) =>
      api.sendCommand(target as chrome.debugger.DebuggerSession, method, params as object),
    getTargets: () => api.getTargets(),
    onEvent: {
      addListener: (listener) =>
        api.onEvent.addListener((source, method, params) =>
          listener(source as DebuggerTarget, method, params),
        ),
    },
    onDetach: {
      addListener: (listener) =>
        api.onDetach.addListener((source, reason) => listener(source, reason)),
    },
  };
}
