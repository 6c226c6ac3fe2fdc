// Small helpers for AbortSignal plumbing; every wait in the extension takes a signal.
// ## Never
// Leaves a listener on a caller's signal after the wait it served has ended. A run's
// signal lives for the whole run and sees thousands of waits (page requests, tool
// calls, body reads); one forgotten listener per wait is a leak that grows with the
// run and makes every later abort call all of them.
import { ProtocolFailure } from '../protocol/envelope';

function cancelled(): ProtocolFailure {
  return new ProtocolFailure('CANCELLED', 'The operation was cancelled.');
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

/** Throws the protocol CANCELLED failure if `signal` is already aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw cancelled();
}

/** The rejection of an aborted race: CANCELLED, whatever the signal's reason. */
export const cancelledReason = (): Error => cancelled();

/** The rejection of an aborted race: the signal's own reason (a timeout, a watchdog). */
export const signalReason = (signal: AbortSignal): Error => asError(signal.reason);

/**
 * Races `promise` against `signal`. Used for operations that ignore their signal,
 * so Stop still ends the wait at once; the losing promise's result is dropped.
 * An abort rejects with `reasonOf(signal)`, CANCELLED unless the caller needs the
 * signal's own reason to tell a timeout from a Stop. The abort listener is removed
 * as soon as the race is decided either way.
 */
export function raceAbort<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  reasonOf: (signal: AbortSignal) => Error = cancelledReason,
): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    // Nobody awaits the loser; a later rejection of it must not surface as unhandled.
    promise.catch(() => undefined);
    return Promise.reject(reasonOf(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(reasonOf(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(asError(error));
      },
    );
  });
}

/** Resolves after `ms`, or rejects with CANCELLED when `signal` aborts first. */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A signal that aborts when any input aborts or after `timeoutMs` (if given).
 * Abort the returned controller when the linked operation ends, as every caller
 * does in its `finally`: that detaches it from the inputs and clears the timer, so
 * a long-lived input signal keeps no listener per finished operation.
 */
export function linkSignals(
  signals: readonly (AbortSignal | undefined)[],
  timeoutMs?: number,
): AbortController {
  const controller = new AbortController();
  const detachers: (() => void)[] = [];
  const abort = (reason: unknown) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  for (const signal of signals) {
    if (!signal) continue;
    if (signal.aborted) {
      abort(signal.reason);
      break;
    }
    const onAbort = () => abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    detachers.push(() => signal.removeEventListener('abort', onAbort));
  }
  if (timeoutMs !== undefined && !controller.signal.aborted) {
    const timer = setTimeout(
      () => abort(new ProtocolFailure('TIMEOUT', `Timed out after ${timeoutMs} ms.`)),
      timeoutMs,
    );
    detachers.push(() => clearTimeout(timer));
  }
  const detach = () => {
    for (const detachOne of detachers) detachOne();
  };
  if (controller.signal.aborted) detach();
  else controller.signal.addEventListener('abort', detach, { once: true });
  return controller;
}
