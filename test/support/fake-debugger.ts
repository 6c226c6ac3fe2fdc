// A stand-in for the browser's debugger API in unit tests: records every attach,
// detach and command, lets a test fire the browser's events (a child frame attached,
// the person pressing Cancel, the tab closing), and can make calls fail.
import type { DebuggerApi, DebuggerTarget } from '../../src/sites/web/worker/input/debugger-api';

export interface FakeDebugger extends DebuggerApi {
  readonly log: string[];
  readonly attached: Set<number>;
  /** Tabs some client held before the worker started. */
  readonly preattached: Set<number>;
  failAttach: string | null;
  failCommand: string | null;
  emit(source: DebuggerTarget, method: string, params: unknown): void;
  detachByBrowser(tabId: number, reason: string): void;
}

export function createFakeDebugger(): FakeDebugger {
  const eventListeners: ((source: DebuggerTarget, method: string, params?: unknown) => void)[] = [];
  const detachListeners: ((source: { tabId?: number }, reason: string) => void)[] = [];
  const fake: FakeDebugger = {
    log: [],
    attached: new Set(),
    preattached: new Set(),
    failAttach: null,
    failCommand: null,
    attach(target) {
      fake.log.push(`attach ${target.tabId}`);
      if (fake.failAttach) return Promise.reject(new Error(fake.failAttach));
      if (fake.attached.has(target.tabId))
        return Promise.reject(new Error('Another debugger is already attached'));
      fake.attached.add(target.tabId);
      return Promise.resolve();
    },
    detach(target) {
      fake.log.push(`detach ${target.tabId}`);
      if (!fake.attached.delete(target.tabId) && !fake.preattached.delete(target.tabId))
        return Promise.reject(
          new Error(`Debugger is not attached to the tab with id: ${target.tabId}.`),
        );
      return Promise.resolve();
    },
    sendCommand(target, method) {
      fake.log.push(`${method} ${target.tabId}${target.sessionId ? `/${target.sessionId}` : ''}`);
      if (!fake.attached.has(target.tabId))
        return Promise.reject(
          new Error(`Debugger is not attached to the tab with id: ${target.tabId}.`),
        );
      if (fake.failCommand) return Promise.reject(new Error(fake.failCommand));
      return Promise.resolve({});
    },
    getTargets() {
      const tabs = new Set([...fake.attached, ...fake.preattached, 99]);
      return Promise.resolve(
        [...tabs].map((tabId) => ({
          tabId,
          type: 'page',
          attached: fake.attached.has(tabId) || fake.preattached.has(tabId),
        })),
      );
    },
    onEvent: { addListener: (listener) => void eventListeners.push(listener) },
    onDetach: { addListener: (listener) => void detachListeners.push(listener) },
    emit(source, method, params) {
      for (const listener of eventListeners) listener(source, method, params);
    },
    detachByBrowser(tabId, reason) {
      fake.attached.delete(tabId);
      for (const listener of detachListeners) listener({ tabId }, reason);
    },
  };
  return fake;
}
