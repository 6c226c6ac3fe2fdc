// ## Owns
// A line diff for texts related by no known change list (a snapshot restore
// preview), in the same shape as `hunksFromChanges`.
// ## Why
// Myers is the right tool when the changes are unknown, but its cost grows with the
// edit distance. `diffLineRanges` bounds it by a count of steps and falls back to
// anchors on unique lines, so the diff is exact, minimal for the usual edits, costs
// about as much as the texts are long, depends on nothing but the texts, and is
// never refused as too complex.
import { DIFF_CONTEXT_LINES } from './diff-limits';
import { DiffLines } from './diff-lines';
import { hunksFromRegions } from './hunks-from-changes';
import { diffLineRanges, type LineDiffLimits } from './line-diff';
import { LineIndex } from './line-index';
import { toChangedRegions } from './changed-regions';
import type { DisplayBounds, UnifiedDiff } from './unified-diff';

/** Options of `boundedLineDiff`. */
export interface LineDiffOptions extends DisplayBounds, LineDiffLimits {
  /** @default DIFF_CONTEXT_LINES */
  readonly context?: number;
}

/** A bounded line diff and how it was computed. */
export interface LineDiff extends UnifiedDiff {
  /** `myers` when the whole diff is minimal, `anchored` when anchors decided a part of it. */
  readonly method: 'myers' | 'anchored';
}

/** The unified diff from `oldText` to `newText` with the line model of `LineIndex`. */
export function boundedLineDiff(
  oldText: string,
  newText: string,
  options: LineDiffOptions = {},
): LineDiff {
  const context = options.context ?? DIFF_CONTEXT_LINES;
  // A final "\n" on both sides makes every line end in a terminator, so the last
  // line compares as `LineIndex.lineKey` says (appending a line is one insertion).
  const oldLines = new DiffLines(`${oldText}\n`);
  const newLines = new DiffLines(`${newText}\n`);
  const { regions, isMinimal } =
    oldText === newText
      ? { regions: [], isMinimal: true }
      : diffLineRanges(oldLines, 0, oldLines.count, newLines, 0, newLines.count, options);
  const oldIndex = new LineIndex(oldText, oldLines.starts.subarray(0, oldLines.count));
  const diff = hunksFromRegions(oldIndex, toChangedRegions(regions, newLines, 0, 0), {
    ...options,
    context,
  });
  return { ...diff, method: isMinimal ? 'myers' : 'anchored' };
}
