// Bounds of diffs as every context computes and shows them. One file, so the worker,
// the page's review overlay and the panel's renderer agree on the same numbers.

/** Unchanged lines shown before and after each changed region of a diff. */
export const DIFF_CONTEXT_LINES = 3;

/** Rows the panel renders before it shows a truncation notice; the data stays complete. */
export const MAX_DISPLAY_ROWS = 5_000;

/** Row text the panel renders before it shows a truncation notice. */
export const MAX_DISPLAY_ROW_CHARS = 512_000;

/** Time jsdiff may spend on a snapshot diff before the whole-region fallback is used. */
export const LINE_DIFF_TIMEOUT_MS = 250;
