// ## Owns
// Turning a change list into changed line regions without diffing the documents.
// ## Why
// The reference re-diffed the whole old and new texts with Myers, which costs
// O((N+M)·D) time and O(D²) memory and refuses large edits (study 6.2 item 1). The
// change list already says where the text differs, so only the lines a change touches
// are looked at: the old lines come from the line index, the new lines from the old
// line fragments around the change plus its insert. Changes touching the same line
// merge into one block; common leading and trailing lines of a block (a change that
// adds "x\n" at a line start leaves that line intact) are trimmed so the diff stays
// minimal for the usual edits.
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

interface SplitLines {
  readonly keys: string[];
  readonly texts: string[];
}

// Keys follow `LineIndex.lineKey`, so old and new lines compare by the same rule.
function splitBlock(blockText: string, isAtEnd: boolean): SplitLines {
  const keys: string[] = [];
  const texts: string[] = [];
  let start = 0;
  for (
    let newline = blockText.indexOf('\n');
    newline !== -1;
    newline = blockText.indexOf('\n', start)
  ) {
    keys.push(blockText.slice(start, newline + 1));
    const contentEnd =
      newline > start && blockText.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
    texts.push(blockText.slice(start, contentEnd));
    start = newline + 1;
  }
  // A block that ends before the document's end always ends with a line break (changes
  // never remove the block's final "\n"), so only the last block has a trailing line.
  if (isAtEnd) {
    const tail = blockText.slice(start);
    keys.push(`${tail}\n`);
    texts.push(tail);
  }
  return { keys, texts };
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
    const blockStart = index.lineStart(firstLine);
    const blockEnd = index.lineEndWithTerminator(lastLine);
    const parts: string[] = [];
    let cursor = blockStart;
    for (let at = position; at < end; at += 1) {
      const change = changes[at] as TextChange;
      parts.push(index.text.slice(cursor, change.from), change.insert);
      cursor = change.to;
    }
    parts.push(index.text.slice(cursor, blockEnd));
    const { keys, texts } = splitBlock(parts.join(''), lastLine === index.lineCount);

    const oldCount = lastLine - firstLine + 1;
    const newCount = keys.length;
    let prefix = 0;
    while (
      prefix < oldCount &&
      prefix < newCount &&
      index.lineKey(firstLine + prefix) === keys[prefix]
    )
      prefix += 1;
    let suffix = 0;
    while (
      suffix < oldCount - prefix &&
      suffix < newCount - prefix &&
      index.lineKey(lastLine - suffix) === keys[newCount - 1 - suffix]
    ) {
      suffix += 1;
    }
    const oldStart = firstLine - 1 + prefix;
    const oldEnd = lastLine - suffix;
    const inserted = texts.slice(prefix, newCount - suffix);
    const previous = regions[regions.length - 1];
    if (oldEnd === oldStart && inserted.length === 0) {
      // The block's changes cancel out line-wise; nothing to show.
    } else if (previous !== undefined && previous.oldEnd === oldStart) {
      // Regions with no unchanged line between them read as one: all deletions, then
      // all insertions, as diff(1) prints them.
      regions[regions.length - 1] = {
        ...previous,
        oldEnd,
        inserted: [...previous.inserted, ...inserted],
      };
    } else {
      regions.push({ oldStart, oldEnd, newStart: oldStart + lineDelta, inserted });
    }
    lineDelta += newCount - oldCount;
    position = end;
  }
  return regions;
}
