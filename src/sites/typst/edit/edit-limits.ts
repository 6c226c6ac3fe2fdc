// Bounds of the edit pipeline (study EDIT-01, EDIT-03, EDIT-07). They live in one
// file so the worker, the page commit and the panel renderer agree on the same
// numbers instead of drifting copies (study 6.1 item 25).

/**
 * Largest document, in UTF-16 code units, that an editor write may be prepared against.
 * Equal to the bridge's MAX_DOCUMENT_CHARS, so every document the page can hand over
 * (up to 1 MiB) is also editable.
 */
export const MAX_EDIT_DOCUMENT_CHARS = 1_048_576;

/** Most changes one prepared edit may carry (one CodeMirror transaction). */
export const MAX_EDIT_CHANGES = 128;

/** Most characters one prepared edit may insert, summed over its changes. */
export const MAX_EDIT_INSERTED_CHARS = 1_000_000;

/** Most search/replace pairs in one `patch_document` call. */
export const MAX_PATCH_EDITS = 128;

/** Unchanged lines shown before and after each changed region of a diff. */
export const DIFF_CONTEXT_LINES = 3;

/** Rows the panel renders before it shows a truncation notice; the data stays complete. */
export const MAX_DISPLAY_ROWS = 5_000;

/** Row text the panel renders before it shows a truncation notice. */
export const MAX_DISPLAY_ROW_CHARS = 512_000;

/** Occurrences counted for an ambiguity report; beyond it the count is reported as a floor. */
export const MAX_COUNTED_MATCHES = 1_000;

/** Time jsdiff may spend on a snapshot diff before the whole-region fallback is used. */
export const LINE_DIFF_TIMEOUT_MS = 250;
