// ## Owns
// The minimal line diff of two line ranges (Myers' O(ND) greedy algorithm), bounded
// by a count of steps rather than by a clock.
// ## Why
// Myers finds the shortest edit script, but its work grows with the square of the
// number of edits. A time limit made the result depend on how busy the machine was;
// a step limit makes it depend on the input only, and the caller falls back to the
// anchored diff when the limit is reached. Runs of equal lines (the "snakes") are
// found by native block compares (`equalLinesFrom`), so a document with a few edits
// costs about the square of the edits plus a logarithm per run.
// @see https://doi.org/10.1007/BF01840446 (E. W. Myers, An O(ND) difference algorithm)
import { equalLinesFrom, type DiffLines } from './diff-lines';

/** Edits after which Myers gives up if it has not met one equal line. */
const MYERS_PROBE_EDITS = 16;

/** Lines `[oldStart, oldEnd)` of the old side replaced by `[newStart, newEnd)` of the new side. */
export interface LineRegion {
  readonly oldStart: number;
  readonly oldEnd: number;
  readonly newStart: number;
  readonly newEnd: number;
}

/** The furthest x reached on diagonals `low, low + 2, … high` after one number of edits. */
interface Frontier {
  readonly low: number;
  readonly high: number;
  /** x for diagonal k at `values[k - low]`; entries of the other parity are unused. */
  readonly values: Int32Array;
}

/**
 * Where diagonal `k` starts after one more edit: down (an insertion, from k + 1) or
 * right (a deletion, from k - 1) of the previous frontier, whichever gets further
 * without leaving the grid. Ties go down, as in the paper. Returns `2x + 1` for
 * down, `2x` for right, -1 when neither is possible (one number, so the hot loop
 * allocates nothing). `v` holds the previous frontier at `v[k + offset]`.
 */
function step(
  v: Int32Array,
  offset: number,
  previousLow: number,
  previousHigh: number,
  k: number,
  n: number,
  m: number,
): number {
  const down = k + 1 >= previousLow && k + 1 <= previousHigh ? (v[k + 1 + offset] as number) : -1;
  const right = k - 1 >= previousLow && k - 1 <= previousHigh ? (v[k - 1 + offset] as number) : -1;
  const isDownValid = down >= 0 && down - k <= m;
  const isRightValid = right >= 0 && right + 1 <= n;
  if (isDownValid && (!isRightValid || right + 1 <= down)) return down * 2 + 1;
  if (isRightValid) return (right + 1) * 2;
  return -1;
}

/** Work allowed for a diff, in diagonal steps and counted lines; spent as it goes. */
export interface StepBudget {
  steps: number;
}

/**
 * The minimal regions turning lines `[a0, a1)` of `a` into `[b0, b1)` of `b`, in
 * order, or undefined when that takes more than `maxSteps` diagonal steps. The steps
 * taken are charged to `budget` either way. Line numbers in the result are those of
 * `a` and `b`.
 */
export function myersRegions(
  a: DiffLines,
  a0: number,
  a1: number,
  b: DiffLines,
  b0: number,
  b1: number,
  maxSteps: number,
  budget: StepBudget,
): LineRegion[] | undefined {
  const n = a1 - a0;
  const m = b1 - b0;
  // Diagonals -d-1 … d+1 are read in round d; the array grows with d.
  let offset = Math.min(n + m, 64) + 1;
  let v = new Int32Array(2 * offset + 1);
  const trace: Frontier[] = [];
  let previousLow = 1;
  let previousHigh = 1;
  let steps = 0;
  let hasRun = false;
  for (let d = 0; d <= n + m; d += 1) {
    if (d + 1 >= offset) {
      const grown = new Int32Array(4 * offset + 1);
      grown.set(v, offset);
      v = grown;
      offset *= 2;
    }
    // No equal line anywhere after this many edits means the range starts with a
    // dense block of changes; anchors handle that far more cheaply, so Myers stops.
    if (d === MYERS_PROBE_EDITS && !hasRun) break;
    // The diagonals after d edits: those of d's parity inside the grid.
    const low = d <= m ? -d : -m + ((d - m) & 1);
    const high = d <= n ? d : n - ((d - n) & 1);
    const count = (high - low) / 2 + 1;
    steps += count;
    budget.steps -= count;
    if (steps > maxSteps) break;
    for (let k = low; k <= high; k += 2) {
      const move = step(v, offset, previousLow, previousHigh, k, n, m);
      let x = move < 0 ? -1 : move >> 1;
      if (x >= 0) {
        const run = equalLinesFrom(a, a0 + x, a1, b, b0 + x - k, b1);
        if (run > 0) hasRun = true;
        x += run;
      }
      v[k + offset] = x;
      if (x === n && x - k === m) {
        trace.push({ low, high: k, values: v.slice(low + offset, k + offset + 1) });
        return backtrack(trace, a0, b0, n, m);
      }
    }
    trace.push({ low, high, values: v.slice(low + offset, high + offset + 1) });
    previousLow = low;
    previousHigh = high;
  }
  return undefined;
}

/** Walks the frontiers back from the end and collects the edits between equal runs. */
function backtrack(trace: readonly Frontier[], a0: number, b0: number, n: number, m: number) {
  const regions: LineRegion[] = [];
  let x = n;
  let y = m;
  let open: { oldEnd: number; newEnd: number } | undefined;
  const close = (oldStart: number, newStart: number) => {
    if (open === undefined) return;
    regions.push({
      oldStart: a0 + oldStart,
      oldEnd: a0 + open.oldEnd,
      newStart: b0 + newStart,
      newEnd: b0 + open.newEnd,
    });
    open = undefined;
  };
  for (let d = trace.length - 1; d > 0; d -= 1) {
    const k = x - y;
    const previous = trace[d - 1] as Frontier;
    // The previous frontier as `step` reads it: its values start at its `low`.
    const move = step(previous.values, -previous.low, previous.low, previous.high, k, n, m);
    const start = move >> 1;
    const isDown = (move & 1) === 1;
    // The equal run from the edit's end point to (x, y) separates regions.
    if (start < x) {
      close(x, y);
      x = start;
      y = start - k;
    }
    open ??= { oldEnd: x, newEnd: y };
    if (isDown) y -= 1;
    else x -= 1;
  }
  close(x, y);
  return regions.reverse();
}
