// Every numeric bound of the agent core in one place, so tests and the panel's
// expectations agree.

/** A reservation lives this long without a start; at most this many wait at once. */
export const RESERVATION_TTL_MS = 30_000;
export const MAX_RESERVATIONS = 256;
/** Pre-start cancel tombstones: oldest evicted first. */
export const TOMBSTONE_TTL_MS = 30_000;
export const MAX_TOMBSTONES = 512;

/** Longest a stream delta waits before it is sent to the panel. */
export const STREAM_BATCH_MS = 32;

/** Approvals and page waits time out as a denial / with a code after this. */
export const DEFAULT_INTERACTION_TIMEOUT_MS = 5 * 60_000;
/** A page wait re-checks the page this often, besides Retry. */
export const PAGE_WAIT_POLL_MS = 1_500;

/** Tool results to the model: cap and the preview a truncated result keeps. */
export const MAX_TOOL_RESULT_CHARS = 65_536;
export const TOOL_RESULT_PREVIEW_CHARS = 16_384;

/** Compaction starts when the estimated prompt reaches this share of the context window. */
export const COMPACTION_RATIO = 0.75;
/** Bound on the extractive summary of compacted turns. */
export const MAX_SUMMARY_CHARS = 6_000;

/** A cheap extension API call this often keeps the MV3 worker alive during a run. */
export const KEEP_ALIVE_INTERVAL_MS = 20_000;

/** The terminal save may not hold the terminal event back longer than this. */
export const TERMINAL_SAVE_GRACE_MS = 10_000;
