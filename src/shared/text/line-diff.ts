// ## Owns
// The line diff of two line ranges, deterministic and bounded: equal leading and
// trailing lines trimmed, then Myers within a step bound, else anchors on unique
// lines with each gap between anchors diffed the same way.
// ## Why
// The result depends on the two texts only, never on how fast the machine is, and
// its cost is bounded by the size of the ranges: Myers gets a fixed number of steps
// per range, and anchoring charges the lines it counts to one budget proportional
// to the input. A range left when the budget is spent is shown as replaced: exact,
// not minimal, and never refused.
import { LineHashes, anchorsBetween } from './anchored-line-diff';
import { equalLinesBefore, equalLinesFrom, type DiffLines } from './diff-lines';
import {
  LINE_DIFF_BASE_STEPS,
  LINE_DIFF_STEPS_PER_LINE,
  MYERS_BASE_STEPS,
  MYERS_MAX_STEPS,
  MYERS_STEPS_PER_LINE,
} from './diff-limits';
import { myersRegions, type LineRegion, type StepBudget } from './myers-line-diff';

export type { LineRegion } from './myers-line-diff';

/** A diff of two line ranges and whether every part of it is minimal. */
export interface LineRegions {
  readonly regions: readonly LineRegion[];
  /** False when anchors or a spent budget decided some part, so it may not be minimal. */
  readonly isMinimal: boolean;
}

/** Tunables, for tests that need the fallback on small inputs. */
export interface LineDiffLimits {
  /** Diagonal steps Myers may take on one range. @default MYERS_MAX_STEPS */
  readonly myersSteps?: number;
}

interface DiffState {
  readonly a: DiffLines;
  readonly b: DiffLines;
  readonly budget: StepBudget;
  readonly myersSteps: number;
  readonly regions: LineRegion[];
  hashes: [LineHashes, LineHashes] | undefined;
  isMinimal: boolean;
}

/** Pairs of lines a small range may compare directly: a rewritten paragraph of 16 lines. */
const DIRECT_PAIRS = 256;

/**
 * True when a small range is known to share no line: every old line checked against
 * every new line, by length first. A rewritten block, the usual edit, then needs
 * neither Myers' search nor a hash of its lines. False when it may share one.
 */
function hasNoCommonLine(
  a: DiffLines,
  a0: number,
  a1: number,
  b: DiffLines,
  b0: number,
  b1: number,
): boolean {
  if ((a1 - a0) * (b1 - b0) > DIRECT_PAIRS) return false;
  for (let x = a0; x < a1; x += 1)
    for (let y = b0; y < b1; y += 1) if (equalLinesFrom(a, x, x + 1, b, y, y + 1) > 0) return false;
  return true;
}

function diffRange(state: DiffState, a0: number, a1: number, b0: number, b1: number): void {
  const { a, b } = state;
  const prefix = equalLinesFrom(a, a0, a1, b, b0, b1);
  const oldStart = a0 + prefix;
  const newStart = b0 + prefix;
  const suffix = equalLinesBefore(a, oldStart, a1, b, newStart, b1);
  const oldEnd = a1 - suffix;
  const newEnd = b1 - suffix;
  if (oldStart === oldEnd && newStart === newEnd) return;
  const replaced = { oldStart, oldEnd, newStart, newEnd };
  if (
    oldStart === oldEnd ||
    newStart === newEnd ||
    hasNoCommonLine(a, oldStart, oldEnd, b, newStart, newEnd)
  ) {
    state.regions.push(replaced);
    return;
  }
  // Myers gets steps in proportion to the range: enough for scattered edits, while a
  // range that changed almost everywhere (its steps grow with the square of its
  // size) goes to the anchors at once instead of spending the whole bound first.
  const size = oldEnd - oldStart + (newEnd - newStart);
  const steps = Math.min(
    state.myersSteps,
    MYERS_BASE_STEPS + MYERS_STEPS_PER_LINE * size,
    Math.max(0, state.budget.steps),
  );
  const minimal = myersRegions(a, oldStart, oldEnd, b, newStart, newEnd, steps, state.budget);
  if (minimal !== undefined) {
    state.regions.push(...minimal);
    return;
  }
  state.isMinimal = false;
  state.budget.steps -= oldEnd - oldStart + (newEnd - newStart);
  if (state.budget.steps <= 0) {
    state.regions.push(replaced);
    return;
  }
  state.hashes ??= [new LineHashes(a), new LineHashes(b)];
  const [aHashes, bHashes] = state.hashes;
  const anchors = anchorsBetween(a, aHashes, oldStart, oldEnd, b, bHashes, newStart, newEnd);
  if (anchors.length === 0) {
    state.regions.push(replaced);
    return;
  }
  let x = oldStart;
  let y = newStart;
  for (const [anchorX, anchorY] of anchors) {
    diffRange(state, x, anchorX, y, anchorY);
    x = anchorX + 1;
    y = anchorY + 1;
  }
  diffRange(state, x, oldEnd, y, newEnd);
}

/**
 * The regions turning lines `[a0, a1)` of `a` into `[b0, b1)` of `b`, in order and
 * separated by at least one equal line. The work is bounded by the size of the
 * ranges; the result depends on their text only.
 */
export function diffLineRanges(
  a: DiffLines,
  a0: number,
  a1: number,
  b: DiffLines,
  b0: number,
  b1: number,
  limits: LineDiffLimits = {},
): LineRegions {
  const lines = a1 - a0 + (b1 - b0);
  const state: DiffState = {
    a,
    b,
    budget: { steps: LINE_DIFF_BASE_STEPS + LINE_DIFF_STEPS_PER_LINE * lines },
    myersSteps: limits.myersSteps ?? MYERS_MAX_STEPS,
    regions: [],
    hashes: undefined,
    isMinimal: true,
  };
  diffRange(state, a0, a1, b0, b1);
  return { regions: state.regions, isMinimal: state.isMinimal };
}
