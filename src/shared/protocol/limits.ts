// Numeric limits shared by more than one context. One constant per fact so the
// page, the relay and the worker cannot drift apart.

/** Largest document text the page returns (1 MiB of UTF-16 code units). */
export const MAX_DOCUMENT_CHARS = 1_048_576;
/** Largest URL or title carried in a message. */
export const MAX_URL_CHARS = 2_048;
export const MAX_TITLE_CHARS = 512;
/** A file label such as `chapters/intro.typ`. */
export const MAX_FILE_LABEL_CHARS = 240;
/** Page bridge: pending requests per document and default timeout. */
export const PAGE_MAX_PENDING = 64;
export const PAGE_REQUEST_TIMEOUT_MS = 12_000;
/** Page bridge: handshake retry cadence and fallback-loader schedule. */
export const BRIDGE_HANDSHAKE_RETRY_MS = 50;
export const BRIDGE_FALLBACK_FIRST_MS = 200;
export const BRIDGE_FALLBACK_BACKOFF_MS = [400, 800, 1_600, 3_200, 5_000] as const;
/** The MAIN runtime remembers this many recent isolated-context nonces. */
export const BRIDGE_REMEMBERED_NONCES = 8;
/** Request ids the MAIN runtime remembers per nonce to refuse replays. */
export const BRIDGE_REMEMBERED_REQUEST_IDS = 256;
/** Stream batches sent to the panel never carry more parts than this. */
export const MAX_STREAM_PARTS_PER_BATCH = 256;
export const MAX_STREAM_TEXT_PER_PART = 65_536;
