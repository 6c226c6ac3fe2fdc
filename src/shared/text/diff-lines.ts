// ## Owns
// The lines of one text as the line diffs see them, and the fast comparisons they
// are built on.
// ## Why
// Comparing line strings one by one costs a slice and a compare per line, and
// interning every line of two 20,000-line texts in a Map costs more than the whole
// diff of a few changes. Equal stretches are instead found by comparing growing
// blocks of the raw text natively (32, 64, 128 … characters after the first 16,
// then a binary search in the block that differs), so a run of equal lines costs a logarithmic number of
// native compares, and the line index maps the first difference back to a line.
//
// Line model: the text handed in ends with "\n" (callers add it to a text whose
// last line has none), so every line is its content plus a terminator and compares
// as `LineIndex.lineKey` says. A "\r" before the "\n" belongs to the line's
// terminator for display and to its key for comparison, as in `LineIndex`.
import { lineStartsOf } from './line-index';

/** Lines of one "\n"-terminated text; line numbers are 0-based here. */
export class DiffLines {
  readonly text: string;
  /** Start offset of each line, plus the text length at `starts[count]`. */
  readonly starts: Int32Array;
  readonly count: number;

  /**
   * @param text Empty or ending in "\n".
   * @param starts Line starts within `text` when the caller has them, the offset
   * after the last line included (a view of a document's line index); trusted.
   */
  constructor(text: string, starts?: Int32Array) {
    this.text = text;
    // The last entry ends the last line: every line ends in "\n", so after the last
    // one only the empty remainder (or the rest of the document) follows.
    this.starts = starts ?? lineStartsOf(text);
    this.count = this.starts.length - 1;
  }

  /** Characters of `line`, its terminator included. */
  lengthOf(line: number): number {
    return (this.starts[line + 1] as number) - (this.starts[line] as number);
  }

  /** The display text of `line`: no "\n", and no "\r" right before it. */
  lineText(line: number): string {
    const start = this.starts[line] as number;
    let end = (this.starts[line + 1] as number) - 1;
    if (end > start && this.text.charCodeAt(end - 1) === 13) end -= 1;
    return this.text.slice(start, end);
  }

  /** The line containing `offset` among lines `[low, high)`; `high` for the end offset. */
  lineAt(offset: number, low: number, high: number): number {
    let lo = low;
    let hi = high;
    // Largest line in [low, high] whose start is at or before `offset`.
    while (lo < hi) {
      const middle = (lo + hi + 1) >> 1;
      if ((this.starts[middle] as number) <= offset) lo = middle;
      else hi = middle - 1;
    }
    return lo;
  }
}

/** Characters compared one by one before comparing blocks: most lines differ early. */
const SHORT = 16;

/** Characters `a[aStart…]` and `b[bStart…]` share at their start, at most `max`. */
export function commonPrefixLength(
  a: string,
  aStart: number,
  b: string,
  bStart: number,
  max: number,
): number {
  const head = Math.min(SHORT, max);
  let equal = 0;
  while (equal < head && a.charCodeAt(aStart + equal) === b.charCodeAt(bStart + equal)) equal += 1;
  if (equal < head) return equal;
  for (let step = SHORT * 2; equal < max; step *= 2) {
    const length = Math.min(step, max - equal);
    const from = equal;
    if (
      a.slice(aStart + from, aStart + from + length) ===
      b.slice(bStart + from, bStart + from + length)
    ) {
      equal += length;
      continue;
    }
    // The block differs somewhere: halve it until the first differing character.
    let differs = from + length;
    while (differs - equal > SHORT) {
      const middle = (equal + differs) >> 1;
      if (a.slice(aStart + equal, aStart + middle) === b.slice(bStart + equal, bStart + middle))
        equal = middle;
      else differs = middle;
    }
    while (equal < differs && a.charCodeAt(aStart + equal) === b.charCodeAt(bStart + equal))
      equal += 1;
    return equal;
  }
  return equal;
}

/** Characters `a[…aEnd)` and `b[…bEnd)` share at their end, at most `max`. */
export function commonSuffixLength(
  a: string,
  aEnd: number,
  b: string,
  bEnd: number,
  max: number,
): number {
  const head = Math.min(SHORT, max);
  let equal = 0;
  while (equal < head && a.charCodeAt(aEnd - equal - 1) === b.charCodeAt(bEnd - equal - 1))
    equal += 1;
  if (equal < head) return equal;
  for (let step = SHORT * 2; equal < max; step *= 2) {
    const length = Math.min(step, max - equal);
    const from = equal;
    if (a.slice(aEnd - from - length, aEnd - from) === b.slice(bEnd - from - length, bEnd - from)) {
      equal += length;
      continue;
    }
    let differs = from + length;
    while (differs - equal > SHORT) {
      const middle = (equal + differs) >> 1;
      if (a.slice(aEnd - middle, aEnd - equal) === b.slice(bEnd - middle, bEnd - equal))
        equal = middle;
      else differs = middle;
    }
    while (equal < differs && a.charCodeAt(aEnd - equal - 1) === b.charCodeAt(bEnd - equal - 1))
      equal += 1;
    return equal;
  }
  return equal;
}

/**
 * How many lines are equal from line `x` of `a` and line `y` of `b` on, within the
 * ranges ending before lines `aEnd` and `bEnd`: the length of the diagonal run.
 */
export function equalLinesFrom(
  a: DiffLines,
  x: number,
  aEnd: number,
  b: DiffLines,
  y: number,
  bEnd: number,
): number {
  if (x >= aEnd || y >= bEnd || a.lengthOf(x) !== b.lengthOf(y)) return 0;
  const aStart = a.starts[x] as number;
  const bStart = b.starts[y] as number;
  const max = Math.min((a.starts[aEnd] as number) - aStart, (b.starts[bEnd] as number) - bStart);
  const shared = commonPrefixLength(a.text, aStart, b.text, bStart, max);
  // Equal text has its line breaks at the same places, so both sides agree on which
  // lines ended inside the shared part; the shorter range may stop either count.
  return Math.min(a.lineAt(aStart + shared, x, aEnd) - x, b.lineAt(bStart + shared, y, bEnd) - y);
}

/** How many lines are equal at the end of `a[aStart, aEnd)` and `b[bStart, bEnd)`. */
export function equalLinesBefore(
  a: DiffLines,
  aStart: number,
  aEnd: number,
  b: DiffLines,
  bStart: number,
  bEnd: number,
): number {
  if (aStart >= aEnd || bStart >= bEnd) return 0;
  const aStop = a.starts[aEnd] as number;
  const bStop = b.starts[bEnd] as number;
  const max = Math.min(aStop - (a.starts[aStart] as number), bStop - (b.starts[bStart] as number));
  const shared = commonSuffixLength(a.text, aStop, b.text, bStop, max);
  // A line counts when it starts inside the shared part on both sides.
  const firstA = a.lineAt(aStop - shared - 1, aStart, aEnd) + 1;
  const firstB = b.lineAt(bStop - shared - 1, bStart, bEnd) + 1;
  const linesA = aStop - shared === (a.starts[aStart] as number) ? aEnd - aStart : aEnd - firstA;
  const linesB = bStop - shared === (b.starts[bStart] as number) ? bEnd - bStart : bEnd - firstB;
  return Math.min(linesA, linesB);
}
