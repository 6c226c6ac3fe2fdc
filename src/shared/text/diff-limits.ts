// Bounds of diffs as every context computes and shows them. One file, so the worker,
// the page's review overlay and the panel's renderer agree on the same numbers.

/** Unchanged lines shown before and after each changed region of a diff. */
export const DIFF_CONTEXT_LINES = 3;

/** Rows the panel renders before it shows a truncation notice; the data stays complete. */
export const MAX_DISPLAY_ROWS = 5_000;

/** Row text the panel renders before it shows a truncation notice. */
export const MAX_DISPLAY_ROW_CHARS = 512_000;

/**
 * Diagonal steps Myers may take on one range of a line diff before the anchored
 * fallback takes over: about 360 edits, a few milliseconds. A count, not a time, so
 * the diff shown never depends on how busy the machine is.
 */
export const MYERS_MAX_STEPS = 1 << 16;

/**
 * Within that bound, Myers gets a base plus a share per line of the range: a range
 * of n lines with e edits takes about e²/2 steps, so scattered edits fit and a range
 * changed nearly everywhere goes to the anchors without trying first.
 */
export const MYERS_BASE_STEPS = 64;
export const MYERS_STEPS_PER_LINE = 8;

/**
 * Work one line diff may do in all, in steps and counted lines: a base plus a share
 * per line of both ranges, so the cost stays proportional to the input. What is left
 * when it is spent is shown as replaced.
 */
export const LINE_DIFF_BASE_STEPS = 1 << 18;
export const LINE_DIFF_STEPS_PER_LINE = 32;
