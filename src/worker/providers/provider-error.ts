// The failure family of provider calls (house style D3: one error class per family).
// Internal to the adapters: the stream turns it into a terminal `error` part.
import type { ErrorCode } from '../../shared/protocol/error-codes';
import { ProtocolFailure } from '../../shared/protocol/envelope';

/** Extra facts the retry loop and the settings page need. */
export interface ProviderErrorInfo {
  /** HTTP status when the failure was a response. */
  readonly status?: number;
  /** Whether another attempt may succeed (429, 5xx, network, overload). */
  readonly isRetryable?: boolean;
  /** Server-requested wait before the next attempt, already parsed and capped. */
  readonly retryAfterMs?: number;
  readonly details?: Record<string, unknown>;
}

/** A provider failure with a protocol code. */
export class ProviderError extends ProtocolFailure {
  readonly status: number | undefined;
  readonly isRetryable: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(code: ErrorCode, message: string, info: ProviderErrorInfo = {}) {
    super(code, message, info.details);
    this.status = info.status;
    this.isRetryable = info.isRetryable ?? false;
    this.retryAfterMs = info.retryAfterMs;
  }
}

/** Whether `error` is the protocol CANCELLED failure (an abort, never reported as an error part). */
export function isCancellation(error: unknown): boolean {
  return error instanceof ProtocolFailure && error.code === 'CANCELLED';
}
