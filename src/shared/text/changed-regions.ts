// ## Owns
// Turning a change list into changed line regions without diffing the documents.
// ## Why
// Re-diffing the whole old and new texts with Myers costs O((N+M)·D) time and
// O(D²) memory, and a bound on it refuses large edits. The
// change list already says where the text differs, so only the lines a change touches
// are looked at: the old lines come from the line index, the new lines from the old
// line fragments around the change plus its insert. Changes touching the same line
// merge into one block, and each block's old and new lines are line-diffed on their
// own: a `replace_lines` over 20,000 lines that edits 50 of them shows those 50, at a
// cost bounded by the block, not by the document.
import { DiffLines } from './diff-lines';
import { diffLineRanges, type LineRegion } from './line-diff';
import type { LineIndex } from './line-index';
import type { TextChange } from './text-change';

/** Old lines `[oldStart, oldEnd)` replaced by `inserted`, which starts at new line `newStart`; 0-based. */
export interface ChangedRegion {
  readonly oldStart: number;
  readonly oldEnd: number;
  readonly newStart: number;
  /** Display text (no terminator) of the inserted lines. */
  readonly inserted: readonly string[];
}

/**
 * `regions` of a diff whose new side is `newLines`, as changed regions of the whole
 * documents: line numbers shifted by `oldOffset` and `newOffset`, inserted lines as
 * display text.
 */
export function toChangedRegions(
  regions: readonly LineRegion[],
  newLines: DiffLines,
  oldOffset: number,
  newOffset: number,
): ChangedRegion[] {
  return regions.map((region) => {
    const inserted: string[] = [];
    for (let line = region.newStart; line < region.newEnd; line += 1)
      inserted.push(newLines.lineText(line));
    return {
      oldStart: oldOffset + region.oldStart,
      oldEnd: oldOffset + region.oldEnd,
      newStart: newOffset + region.newStart,
      inserted,
    };
  });
}

/** The old and new text of one block of changes, as diff lines. */
function blockLines(
  index: LineIndex,
  changes: readonly TextChange[],
  firstLine: number,
  lastLine: number,
): [DiffLines, DiffLines] {
  const blockStart = index.lineStart(firstLine);
  const blockEnd = index.lineEndWithTerminator(lastLine);
  const parts: string[] = [];
  let cursor = blockStart;
  for (const change of changes) {
    parts.push(index.text.slice(cursor, change.from), change.insert);
    cursor = change.to;
  }
  parts.push(index.text.slice(cursor, blockEnd));
  // A block that ends before the document's end ends with its last line's break
  // (changes never reach past it), so its old lines are a view of the document's
  // own line index; the last block gets the diff's final "\n" on both sides.
  if (lastLine === index.lineCount) {
    return [
      new DiffLines(`${index.text.slice(blockStart, blockEnd)}\n`),
      new DiffLines(`${parts.join('')}\n`),
    ];
  }
  return [
    new DiffLines(index.text, index.lineStarts.subarray(firstLine - 1, lastLine + 1)),
    new DiffLines(parts.join('')),
  ];
}

/**
 * The changed regions of sorted, non-overlapping `changes` against `index.text`, in
 * document order. Cost is proportional to the text of the touched lines plus
 * O(changes · log lines) for the line lookups.
 */
export function changedRegions(index: LineIndex, changes: readonly TextChange[]): ChangedRegion[] {
  const regions: ChangedRegion[] = [];
  let lineDelta = 0;
  let position = 0;
  while (position < changes.length) {
    const first = changes[position];
    if (first === undefined) break;
    const firstLine = index.lineAt(first.from);
    let lastLine = index.lineAt(first.to);
    let end = position + 1;
    for (
      let next = changes[end];
      next !== undefined && index.lineAt(next.from) <= lastLine;
      next = changes[end]
    ) {
      lastLine = Math.max(lastLine, index.lineAt(next.to));
      end += 1;
    }
    const [oldLines, newLines] = blockLines(
      index,
      changes.slice(position, end),
      firstLine,
      lastLine,
    );
    const { regions: inBlock } = diffLineRanges(
      oldLines,
      0,
      oldLines.count,
      newLines,
      0,
      newLines.count,
    );
    for (const region of toChangedRegions(
      inBlock,
      newLines,
      firstLine - 1,
      firstLine - 1 + lineDelta,
    )) {
      const previous = regions[regions.length - 1];
      if (previous !== undefined && previous.oldEnd === region.oldStart) {
        // Regions with no unchanged line between them read as one: all deletions, then
        // all insertions, as diff(1) prints them.
        regions[regions.length - 1] = {
          ...previous,
          oldEnd: region.oldEnd,
          inserted: [...previous.inserted, ...region.inserted],
        };
      } else regions.push(region);
    }
    lineDelta += newLines.count - oldLines.count;
    position = end;
  }
  return regions;
}
