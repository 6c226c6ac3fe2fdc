// ## Owns
// A line diff for texts related by no known change list (a snapshot restore preview,
// study SNAP-04), in the same shape as `hunksFromChanges`.
// ## Why
// Myers is the right tool when the changes are unknown, but its cost grows with the
// edit distance, so jsdiff runs with a time bound. When it gives up, the diff falls
// back to the near-linear anchored diff: still exact and complete, sometimes less
// minimal, so there is never a "too complex to diff" refusal.
import { structuredPatch } from 'diff';
import { DIFF_CONTEXT_LINES, LINE_DIFF_TIMEOUT_MS } from './diff-limits';
import { anchoredRegions } from './anchored-line-diff';
import { hunksFromRegions } from './hunks-from-changes';
import { LineIndex } from './line-index';
import {
  summarizeHunks,
  type DiffHunk,
  type DiffRow,
  type DisplayBounds,
  type UnifiedDiff,
} from './unified-diff';

/** Options of `boundedLineDiff`. */
export interface LineDiffOptions extends DisplayBounds {
  /** @default LINE_DIFF_TIMEOUT_MS */
  readonly timeoutMs?: number;
  /** @default DIFF_CONTEXT_LINES */
  readonly context?: number;
}

/** A bounded line diff and how it was computed. */
export interface LineDiff extends UnifiedDiff {
  /** `myers` when jsdiff finished in time, `anchored` when the fallback was used. */
  readonly method: 'myers' | 'anchored';
}

// jsdiff hunk lines are "<marker><text>"; CRLF documents keep their "\r" in the text.
function rowsOf(lines: readonly string[], oldStart: number, newStart: number): DiffRow[] {
  const rows: DiffRow[] = [];
  let oldLine = oldStart;
  let newLine = newStart;
  for (const line of lines) {
    const marker = line[0];
    const text = line.endsWith('\r') ? line.slice(1, -1) : line.slice(1);
    if (marker === ' ')
      rows.push({ kind: 'context', oldLine: oldLine++, newLine: newLine++, text });
    else if (marker === '-') rows.push({ kind: 'delete', oldLine: oldLine++, text });
    else if (marker === '+') rows.push({ kind: 'insert', newLine: newLine++, text });
  }
  return rows;
}

/**
 * The unified diff from `oldText` to `newText` with the line model of `LineIndex`.
 * Runs jsdiff for at most `timeoutMs`, then falls back to the changed span.
 */
export function boundedLineDiff(
  oldText: string,
  newText: string,
  options: LineDiffOptions = {},
): LineDiff {
  const context = options.context ?? DIFF_CONTEXT_LINES;
  // Appending "\n" to both sides makes jsdiff's lines equal ours ("a\n" has two lines
  // here, the second empty) and removes its "\ No newline at end of file" rows.
  const patch = structuredPatch(
    'old',
    'new',
    `${oldText}\n`,
    `${newText}\n`,
    undefined,
    undefined,
    {
      context,
      timeout: options.timeoutMs ?? LINE_DIFF_TIMEOUT_MS,
    },
  );
  if (patch === undefined) {
    const oldIndex = new LineIndex(oldText);
    const diff = hunksFromRegions(oldIndex, anchoredRegions(oldIndex, new LineIndex(newText)), {
      ...options,
      context,
    });
    return { ...diff, method: 'anchored' };
  }
  const hunks: DiffHunk[] = patch.hunks.map((hunk) => ({
    oldStart: hunk.oldStart,
    oldLines: hunk.oldLines,
    newStart: hunk.newStart,
    newLines: hunk.newLines,
    rows: rowsOf(hunk.lines, hunk.oldStart, hunk.newStart),
  }));
  return { ...summarizeHunks(hunks, options), method: 'myers' };
}
