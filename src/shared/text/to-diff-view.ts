// The pipeline's UnifiedDiff as the panel and overlay receive it (diff-view.ts):
// bounded for display. Rows past MAX_DIFF_ROWS, hunks past MAX_DIFF_HUNKS and text
// past MAX_DIFF_ROW_CHARS are cut and `truncated` says so; Apply still commits the
// whole prepared change set.
import {
  MAX_DIFF_HUNKS,
  MAX_DIFF_ROWS,
  MAX_DIFF_ROW_CHARS,
  type DiffView,
} from '../protocol/diff-view';
import type { UnifiedDiff } from './unified-diff';

/** Converts and bounds `diff` for display under `fileLabel`. */
export function toDiffView(diff: UnifiedDiff, fileLabel: string): DiffView {
  let rowsLeft = MAX_DIFF_ROWS;
  let truncated = diff.hunks.length > MAX_DIFF_HUNKS;
  const hunks: DiffView['hunks'] = [];
  for (const hunk of diff.hunks.slice(0, MAX_DIFF_HUNKS)) {
    if (rowsLeft <= 0) {
      truncated = true;
      break;
    }
    const rows = hunk.rows.slice(0, rowsLeft).map((row) => {
      if (row.text.length <= MAX_DIFF_ROW_CHARS) return row;
      truncated = true;
      return { ...row, text: row.text.slice(0, MAX_DIFF_ROW_CHARS) };
    });
    if (rows.length < hunk.rows.length) truncated = true;
    rowsLeft -= rows.length;
    hunks.push({
      oldStart: hunk.oldStart,
      oldLines: hunk.oldLines,
      newStart: hunk.newStart,
      newLines: hunk.newLines,
      rows,
    });
  }
  return {
    fileLabel: fileLabel.slice(0, 240),
    additions: diff.additions,
    deletions: diff.deletions,
    hunks,
    truncated,
  };
}
