// One attempt's abort plumbing. The run's signal and the attempt's own timeouts end
// the same fetch and body reads; afterwards we must still tell "the user pressed
// Stop" (CANCELLED, never an error) from "the provider went silent" (PROVIDER_TIMEOUT).
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import { ProviderError } from '../provider-error';

/** Which silence a timeout measured; reported in the error details. */
export type TimeoutPhase = 'first-byte' | 'idle';

/** Aborts an attempt on user cancel or on a watchdog timeout. */
export class AttemptController {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onUserAbort = () => this.abort(cancelled());

  constructor(private readonly userSignal: AbortSignal) {
    if (userSignal.aborted) this.abort(cancelled());
    else userSignal.addEventListener('abort', this.onUserAbort, { once: true });
  }

  /** The signal handed to fetch and to every wait of this attempt. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** (Re)starts the watchdog; each body chunk re-arms it with the idle timeout. */
  arm(ms: number, phase: TimeoutPhase): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const seconds = Math.round(ms / 100) / 10;
      const what =
        phase === 'first-byte' ? 'No response from the model' : 'The model stopped sending';
      this.abort(
        new ProviderError('PROVIDER_TIMEOUT', `${what} for ${seconds} s.`, {
          details: { phase, timeoutMs: ms },
        }),
      );
    }, ms);
  }

  /** Maps whatever an aborted await threw to the failure that really happened. */
  failureFor(error: unknown): Error {
    if (this.userSignal.aborted) return cancelled();
    const reason: unknown = this.controller.signal.reason;
    if (this.controller.signal.aborted && reason instanceof Error) return reason;
    return error instanceof Error ? error : new Error(String(error));
  }

  /** Stops the watchdog and detaches from the run signal. Idempotent. */
  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.userSignal.removeEventListener('abort', this.onUserAbort);
  }

  private abort(reason: Error): void {
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }
}

/** Resolves with `promise` or rejects with the signal's reason, whichever is first. */
export function raceSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    // The losing promise (often a body read) may still reject later; nobody awaits it.
    promise.catch(() => undefined);
    return Promise.reject(asError(signal.reason));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(asError(signal.reason));
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

function cancelled(): ProtocolFailure {
  return new ProtocolFailure('CANCELLED', 'The operation was cancelled.');
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
