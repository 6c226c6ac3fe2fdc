// Every structured error code the extension can report. One string-literal union,
// so a typo in a code is a type error and the panel can switch on codes
// exhaustively. Group comments say which boundary raises them.
export const ERROR_CODES = [
  // Envelope and router (any receiving context).
  'INVALID_ENVELOPE',
  'UNKNOWN_MESSAGE_TYPE',
  'UNKNOWN_PAYLOAD_FIELD',
  'MISSING_PAYLOAD_FIELD',
  'INVALID_PAYLOAD_FIELD',
  'PAYLOAD_TOO_LARGE',
  'MISSING_REQUEST_ID',
  'MISSING_RUN_ID',
  'UNEXPECTED_RUN_ID',
  'STALE_RUN_ID',
  'SENDER_NOT_ALLOWED',
  'INVALID_RESPONSE',
  'UNKNOWN_REQUEST_ID',
  'DUPLICATE_REQUEST_ID',
  'HANDLER_FAILED',
  'CANCELLED',
  'TIMEOUT',
  // Page bridge.
  'PAGE_UNAVAILABLE',
  'PAGE_NOT_READY',
  'PAGE_PENDING_LIMIT',
  'PAGE_REQUEST_TIMEOUT',
  'PAGE_UNLOADED',
  'PAGE_NO_EDITOR',
  'NOT_TYPST_TAB',
  'NO_TYPST_TAB',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
