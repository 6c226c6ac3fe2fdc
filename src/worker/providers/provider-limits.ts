// Every numeric bound on provider traffic in one place, so the settings page, the
// run loop and the tests agree on them. Values follow the study's Appendix B, with
// the stream cap doubled: long reasoning models exceed 4 MiB of SSE framing.

/**
 * The product ceiling on model rounds of one run, above any step cap the person sets
 * (Settings → Agent, at most this); enforced by the run loop, not by adapters.
 */
export const MAX_TOOL_ROUNDS = 200;

/** Bounds an adapter enforces while reading one response. */
export interface ProviderLimits {
  /** Bytes of response body (SSE framing included). @default 8 MiB */
  maxStreamBytes: number;
  /** Characters of one SSE line or event; a longer one is an error, not a hang. @default 1 MiB */
  maxEventChars: number;
  /** Characters of one tool call's argument string. @default 256 KiB */
  maxToolArgumentChars: number;
  /** Tool calls in one round. @default 64 */
  maxToolCallsPerRound: number;
  /** Bytes of a non-2xx body read for the error message. @default 64 KiB */
  maxErrorBodyBytes: number;
}

export const DEFAULT_PROVIDER_LIMITS: Readonly<ProviderLimits> = Object.freeze({
  maxStreamBytes: 8 * 1024 * 1024,
  maxEventChars: 1024 * 1024,
  maxToolArgumentChars: 256 * 1024,
  maxToolCallsPerRound: 64,
  maxErrorBodyBytes: 64 * 1024,
});

/** Longest tool-call id and name accepted from a provider. */
export const MAX_TOOL_CALL_ID_CHARS = 128;
export const MAX_TOOL_NAME_CHARS = 128;

/** Timeouts of one attempt. */
export interface StreamTimeouts {
  /**
   * From sending the request to the first body byte. Generous because a local model
   * loading weights or a reasoning model thinking silently can take 45 s or more.
   * @default 120000
   */
  firstByteMs: number;
  /**
   * Longest silence between two body chunks once bytes flow. The watchdog checks
   * four times per timeout, so a silence is reported after 1 to 1.25 times this.
   * @default 90000
   */
  idleMs: number;
}

export const DEFAULT_STREAM_TIMEOUTS: Readonly<StreamTimeouts> = Object.freeze({
  firstByteMs: 120_000,
  idleMs: 90_000,
});

/** Retry policy for failures that happen before any output part was yielded. */
export interface RetryOptions {
  /** Attempts in total, the first included. @default 3 */
  maxAttempts: number;
  /** First backoff; doubles per attempt. @default 1000 */
  baseDelayMs: number;
  /** Cap on a computed backoff. @default 10000 */
  maxDelayMs: number;
  /** Cap on a server's Retry-After; longer waits fail instead of stalling the run. @default 30000 */
  maxRetryAfterMs: number;
  /** Jitter source in [0, 1). @default Math.random */
  random: () => number;
  /** Wall clock for Retry-After dates. @default Date.now */
  now: () => number;
  /** Waits `ms` or rejects with CANCELLED on abort. @default delay from shared/lib/abort */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}
