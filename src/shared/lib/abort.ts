// Small helpers for AbortSignal plumbing; every wait in the extension takes a signal.
import { ProtocolFailure } from '../protocol/envelope';

/** Throws the protocol CANCELLED failure if `signal` is already aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ProtocolFailure('CANCELLED', 'The operation was cancelled.');
}

/**
 * Races `promise` against `signal`. Used for operations that ignore their signal,
 * so Stop still ends the wait at once; the losing promise's result is dropped.
 */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  throwIfAborted(signal);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ProtocolFailure('CANCELLED', 'The operation was cancelled.'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Resolves after `ms`, or rejects with CANCELLED when `signal` aborts first. */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return raceAbort(
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => clearTimeout(timer), { once: true });
    }),
    signal,
  );
}

/** A signal that aborts when any input aborts or after `timeoutMs` (if given). */
export function linkSignals(
  signals: readonly (AbortSignal | undefined)[],
  timeoutMs?: number,
): AbortController {
  const controller = new AbortController();
  const abort = (reason: unknown) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  for (const signal of signals) {
    if (!signal) continue;
    if (signal.aborted) abort(signal.reason);
    else signal.addEventListener('abort', () => abort(signal.reason), { once: true });
  }
  if (timeoutMs !== undefined) {
    const timer = setTimeout(
      () => abort(new ProtocolFailure('TIMEOUT', `Timed out after ${timeoutMs} ms.`)),
      timeoutMs,
    );
    controller.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  }
  return controller;
}
