// One attempt's abort plumbing. The run's signal and the attempt's own timeouts end
// the same fetch and body reads; afterwards we must still tell "the user pressed
// Stop" (CANCELLED, never an error) from "the provider went silent" (PROVIDER_TIMEOUT).
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import { ProviderError } from '../provider-error';

/** Which silence a timeout measured; reported in the error details. */
export type TimeoutPhase = 'first-byte' | 'idle';

/** Idle checks per idle timeout; see `watchIdle`. */
const IDLE_CHECKS_PER_TIMEOUT = 4;

/** Aborts an attempt on user cancel or on a watchdog timeout. */
export class AttemptController {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onUserAbort = () => this.abort(cancelled());
  /** Body chunks seen so far, and at the last idle check. */
  private chunks = 0;
  private chunksAtCheck = 0;
  private quietChecks = 0;
  private idleMs: number | undefined;

  constructor(private readonly userSignal: AbortSignal) {
    if (userSignal.aborted) this.abort(cancelled());
    else userSignal.addEventListener('abort', this.onUserAbort, { once: true });
  }

  /** The signal handed to fetch and to every wait of this attempt. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** (Re)starts a one-shot watchdog that times the attempt out after `ms`. */
  arm(ms: number, phase: TimeoutPhase): void {
    this.idleMs = undefined;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.timeOut(ms, phase), ms);
  }

  /**
   * Switches the watchdog to measuring silence between body chunks: after this, a
   * stretch of `ms` without a `noteChunk()` times the attempt out.
   *
   * Re-arming a timer per chunk costs a clearTimeout and a setTimeout per read,
   * which dominates a stream delivered a byte at a time. Instead a chunk only bumps
   * a counter, and a timer checks the counter every quarter of the timeout; four
   * quiet checks in a row end the attempt. A silence is thus reported after at
   * least `ms` and at most 1.25 × `ms`, with one timer per quarter timeout however
   * fast the bytes come.
   */
  watchIdle(ms: number): void {
    if (this.idleMs === ms) return;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.idleMs = ms;
    this.chunksAtCheck = this.chunks;
    this.quietChecks = 0;
    const period = Math.max(1, Math.ceil(ms / IDLE_CHECKS_PER_TIMEOUT));
    const check = () => {
      if (this.chunks !== this.chunksAtCheck) {
        this.chunksAtCheck = this.chunks;
        this.quietChecks = 0;
      } else if (++this.quietChecks >= IDLE_CHECKS_PER_TIMEOUT) {
        this.timer = undefined;
        this.timeOut(ms, 'idle');
        return;
      }
      this.timer = setTimeout(check, period);
    };
    this.timer = setTimeout(check, period);
  }

  /** Records that a body chunk arrived; the idle watchdog sees it at its next check. */
  noteChunk(): void {
    this.chunks += 1;
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
    this.idleMs = undefined;
    this.userSignal.removeEventListener('abort', this.onUserAbort);
  }

  private timeOut(ms: number, phase: TimeoutPhase): void {
    const seconds = Math.round(ms / 100) / 10;
    const what =
      phase === 'first-byte' ? 'No response from the model' : 'The model stopped sending';
    this.abort(
      new ProviderError('PROVIDER_TIMEOUT', `${what} for ${seconds} s.`, {
        details: { phase, timeoutMs: ms },
      }),
    );
  }

  private abort(reason: Error): void {
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }
}

function cancelled(): ProtocolFailure {
  return new ProtocolFailure('CANCELLED', 'The operation was cancelled.');
}
