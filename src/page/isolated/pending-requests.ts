// A bounded map of page requests waiting for the MAIN runtime's answer. Bounds:
// at most 64 pending, a timeout per request, explicit cancel, and everything
// rejected when the page goes away.
import { ProtocolFailure, type ErrorCode } from '../../shared/protocol/envelope';
import { PAGE_MAX_PENDING, PAGE_REQUEST_TIMEOUT_MS } from '../../shared/protocol/limits';

interface Waiter {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: ProtocolFailure) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

export class PendingRequests {
  readonly #waiters = new Map<string, Waiter>();

  constructor(
    readonly maxPending = PAGE_MAX_PENDING,
    readonly timeoutMs = PAGE_REQUEST_TIMEOUT_MS,
  ) {}

  get size(): number {
    return this.#waiters.size;
  }

  has(requestId: string): boolean {
    return this.#waiters.has(requestId);
  }

  /** Registers a waiter; throws with a code when the id is taken or the map is full. */
  wait(requestId: string): Promise<unknown> {
    if (this.#waiters.has(requestId))
      throw new ProtocolFailure(
        'DUPLICATE_REQUEST_ID',
        'A request with this id is already pending.',
      );
    if (this.#waiters.size >= this.maxPending)
      throw new ProtocolFailure(
        'PAGE_PENDING_LIMIT',
        `At most ${this.maxPending} page requests may be pending.`,
      );
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          this.reject(
            requestId,
            'PAGE_REQUEST_TIMEOUT',
            `The page did not answer within ${this.timeoutMs} ms.`,
          ),
        this.timeoutMs,
      );
      this.#waiters.set(requestId, { resolve, reject, timer });
    });
  }

  /** Resolves a waiter; returns false for an unknown (or already settled) id. */
  resolve(requestId: string, value: unknown): boolean {
    const waiter = this.#waiters.get(requestId);
    if (!waiter) return false;
    this.#waiters.delete(requestId);
    clearTimeout(waiter.timer);
    waiter.resolve(value);
    return true;
  }

  reject(requestId: string, code: ErrorCode, message: string): boolean {
    const waiter = this.#waiters.get(requestId);
    if (!waiter) return false;
    this.#waiters.delete(requestId);
    clearTimeout(waiter.timer);
    waiter.reject(new ProtocolFailure(code, message));
    return true;
  }

  rejectAll(code: ErrorCode, message: string): void {
    for (const requestId of [...this.#waiters.keys()]) this.reject(requestId, code, message);
  }
}
