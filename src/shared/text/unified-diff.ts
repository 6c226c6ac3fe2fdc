// ## Owns
// The unified diff shape shown for review (study EDIT-03), whichever way it was
// computed: from a known change list or by a bounded line diff.
// ## Why
// The panel and the editor overlay render the same rows, and the approval receipt
// says the user saw exactly these rows, so one shape is shared by every producer.
import { MAX_DISPLAY_ROWS, MAX_DISPLAY_ROW_CHARS } from './diff-limits';

/** One rendered line. Context rows carry both numbers, deletions the old, insertions the new. */
export type DiffRow =
  | {
      readonly kind: 'context';
      readonly oldLine: number;
      readonly newLine: number;
      readonly text: string;
    }
  | { readonly kind: 'delete'; readonly oldLine: number; readonly text: string }
  | { readonly kind: 'insert'; readonly newLine: number; readonly text: string };

/**
 * A hunk with 1-based starts. Both documents always have at least one line and hunks
 * carry context, so line counts are never zero and no "start minus one" quirk applies
 * to the data; `formatHunkHeader` applies it when printing.
 */
export interface DiffHunk {
  readonly oldStart: number;
  readonly oldLines: number;
  readonly newStart: number;
  readonly newLines: number;
  readonly rows: readonly DiffRow[];
}

/** A complete diff plus the figures the panel needs before rendering it. */
export interface UnifiedDiff {
  readonly hunks: readonly DiffHunk[];
  /** Inserted rows, the "+N" of the header. */
  readonly additions: number;
  /** Deleted rows, the "−M" of the header. */
  readonly deletions: number;
  readonly rowCount: number;
  /** Characters of row text, summed. */
  readonly rowChars: number;
  /** True when the panel should render a prefix and a notice; `hunks` is still complete. */
  readonly truncatedForDisplay: boolean;
}

/** Display bounds; the defaults are the study's protocol limits. */
export interface DisplayBounds {
  /** @default MAX_DISPLAY_ROWS */
  readonly maxRows?: number;
  /** @default MAX_DISPLAY_ROW_CHARS */
  readonly maxRowChars?: number;
}

/** Wraps hunks with their totals and the display-truncation verdict. */
export function summarizeHunks(
  hunks: readonly DiffHunk[],
  bounds: DisplayBounds = {},
): UnifiedDiff {
  let additions = 0;
  let deletions = 0;
  let rowCount = 0;
  let rowChars = 0;
  for (const hunk of hunks) {
    for (const row of hunk.rows) {
      if (row.kind === 'insert') additions += 1;
      else if (row.kind === 'delete') deletions += 1;
      rowChars += row.text.length;
    }
    rowCount += hunk.rows.length;
  }
  const truncatedForDisplay =
    rowCount > (bounds.maxRows ?? MAX_DISPLAY_ROWS) ||
    rowChars > (bounds.maxRowChars ?? MAX_DISPLAY_ROW_CHARS);
  return { hunks, additions, deletions, rowCount, rowChars, truncatedForDisplay };
}

/** The `@@ -a,b +c,d @@` line; an empty side prints the line before it, as diff(1) does. */
export function formatHunkHeader(hunk: DiffHunk): string {
  const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
  const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
  return `@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@`;
}
