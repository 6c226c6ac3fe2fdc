// ## Owns
// The anchors of the fallback line diff: lines that occur exactly once in each of
// two line ranges, in the longest order both agree on (the idea of patience diff).
// ## Why
// When two texts differ in thousands of places Myers' work grows with the square of
// the edits. Lines unique to both sides are almost always the unchanged skeleton,
// and their longest common chain is found in O(k log k); the caller then diffs the
// short gaps between anchors on their own. Lines are compared by hashes first and
// by their text before they become an anchor, so a hash collision can cost an
// anchor but never make two different lines equal.
import type { DiffLines } from './diff-lines';

/** Characters at each end of a line that its quick hash covers. */
const QUICK_END_CHARS = 4;

const mix = (hash: number, value: number) => Math.imul(hash ^ value, 0x01000193);

/**
 * Hashes of the lines of one side. The quick hash
 * covers a line's length and its first and last 4 characters; the full hash every
 * character. Equal lines hash alike; different lines that share a hash only look
 * repeated (no anchor), never equal.
 */
export class LineHashes {
  /** The quick hash of every line, computed up front: a few characters a line. */
  readonly quick: Int32Array;
  private full: Int32Array | undefined;
  private hasFull: Uint8Array | undefined;

  constructor(private readonly lines: DiffLines) {
    const { text, starts, count } = lines;
    this.quick = new Int32Array(count);
    for (let line = 0; line < count; line += 1) {
      const start = starts[line] as number;
      const end = starts[line + 1] as number;
      let hash = mix(0x811c9dc5 | 0, end - start);
      if (end - start <= 2 * QUICK_END_CHARS) {
        for (let at = start; at < end; at += 1) hash = mix(hash, text.charCodeAt(at));
      } else {
        hash = mix(hash, text.charCodeAt(start) | (text.charCodeAt(start + 1) << 16));
        hash = mix(hash, text.charCodeAt(start + 2) | (text.charCodeAt(start + 3) << 16));
        hash = mix(hash, text.charCodeAt(end - 4) | (text.charCodeAt(end - 3) << 16));
        hash = mix(hash, text.charCodeAt(end - 2) | (text.charCodeAt(end - 1) << 16));
      }
      this.quick[line] = hash;
    }
  }

  /** The full hash of `line`, computed the first time it is asked for. */
  fullOf(line: number): number {
    this.full ??= new Int32Array(this.lines.count);
    this.hasFull ??= new Uint8Array(this.lines.count);
    if (this.hasFull[line] === 1) return this.full[line] as number;
    const { text, starts } = this.lines;
    let hash = 0x811c9dc5;
    const end = starts[line + 1] as number;
    for (let at = starts[line] as number; at < end; at += 1) hash = mix(hash, text.charCodeAt(at));
    this.full[line] = hash;
    this.hasFull[line] = 1;
    return hash;
  }
}

/**
 * Occurrence counts per line hash in one open-addressing table: typed arrays and
 * linear probing, because a Map of objects per distinct line cost more than the
 * hashing. Counts stop at 2; only "exactly once" matters.
 */
class Tallies {
  private readonly mask: number;
  private readonly used: Uint8Array;
  private readonly keys: Int32Array;
  readonly oldCount: Uint8Array;
  readonly newCount: Uint8Array;
  readonly newAt: Int32Array;

  constructor(entries: number) {
    let capacity = 16;
    while (capacity < entries * 2) capacity *= 2;
    this.mask = capacity - 1;
    this.used = new Uint8Array(capacity);
    this.keys = new Int32Array(capacity);
    this.oldCount = new Uint8Array(capacity);
    this.newCount = new Uint8Array(capacity);
    this.newAt = new Int32Array(capacity);
  }

  /** Counts one old line with `hash`. */
  addOld(hash: number): void {
    const at = this.slot(hash, true);
    const count = this.oldCount[at] as number;
    if (count < 2) this.oldCount[at] = count + 1;
  }

  /**
   * Counts new line `line` with `hash` if an old line has that hash, and notes where
   * it is; false when no old line has it.
   */
  addNew(hash: number, line: number): boolean {
    const at = this.slot(hash, false);
    if (at < 0) return false;
    const count = this.newCount[at] as number;
    if (count < 2) this.newCount[at] = count + 1;
    this.newAt[at] = line;
    return true;
  }

  /** True when `at` holds lines of both sides but not exactly one of each. */
  isShared(at: number): boolean {
    if (at < 0 || this.newCount[at] === 0) return false;
    return (this.oldCount[at] as number) > 1 || (this.newCount[at] as number) > 1;
  }

  /** The slot of `hash`, claiming a free one when `isAdding`; -1 when absent. */
  slot(hash: number, isAdding: boolean): number {
    let at = Math.imul(hash, 0x9e3779b1) & this.mask;
    for (;;) {
      if (this.used[at] === 0) {
        if (!isAdding) return -1;
        this.used[at] = 1;
        this.keys[at] = hash;
        return at;
      }
      if (this.keys[at] === hash) return at;
      at = (at + 1) & this.mask;
    }
  }
}

function sameLine(a: DiffLines, x: number, b: DiffLines, y: number): boolean {
  if (a.lengthOf(x) !== b.lengthOf(y)) return false;
  const start = a.starts[x] as number;
  return (
    a.text.slice(start, a.starts[x + 1]) ===
    b.text.slice(b.starts[y], (b.starts[y] as number) + a.lengthOf(x))
  );
}

/** Pairs sorted by old line forming the longest chain increasing in new line. */
function longestIncreasingChain(pairs: readonly (readonly [number, number])[]) {
  let isIncreasing = true;
  for (let at = 1; at < pairs.length && isIncreasing; at += 1)
    isIncreasing =
      (pairs[at - 1] as readonly [number, number])[1] < (pairs[at] as readonly [number, number])[1];
  if (isIncreasing) return pairs;
  // Patience sorting: tails[length - 1] is the pair ending the best chain of that length.
  const tails: number[] = [];
  const previous = new Int32Array(pairs.length).fill(-1);
  pairs.forEach(([, newAt], position) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((pairs[tails[middle] as number] as readonly [number, number])[1] < newAt)
        low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[position] = tails[low - 1] as number;
    tails[low] = position;
  });
  const chain: (readonly [number, number])[] = [];
  for (let at = tails[tails.length - 1] ?? -1; at !== -1; at = previous[at] as number)
    chain.push(pairs[at] as readonly [number, number]);
  return chain.reverse();
}

/**
 * The anchors of lines `[a0, a1)` of `a` against `[b0, b1)` of `b`: equal line pairs
 * `[x, y]`, unique to both ranges, increasing on both sides.
 *
 * Lines are tallied by their quick hash first. A line whose quick hash occurs once
 * on each side is unique on both (equal lines share it), so it needs no more; only
 * lines whose quick hash is shared by several lines of both sides are hashed in
 * full and tallied again. A rewritten block shares few quick hashes, so it costs a
 * few characters a line instead of all of them.
 */
export function anchorsBetween(
  a: DiffLines,
  aHashes: LineHashes,
  a0: number,
  a1: number,
  b: DiffLines,
  bHashes: LineHashes,
  b0: number,
  b1: number,
): readonly (readonly [number, number])[] {
  const quick = new Tallies(a1 - a0);
  const aQuick = aHashes.quick;
  const bQuick = bHashes.quick;
  for (let x = a0; x < a1; x += 1) quick.addOld(aQuick[x] as number);
  let hasCommon = false;
  for (let y = b0; y < b1; y += 1) if (quick.addNew(bQuick[y] as number, y)) hasCommon = true;
  // No new line shares even a quick hash with an old one: a rewritten block.
  if (!hasCommon) return [];
  const slots = new Int32Array(a1 - a0);
  let hasShared = false;
  for (let x = a0; x < a1; x += 1) {
    const at = quick.slot(aQuick[x] as number, false);
    slots[x - a0] = at;
    if (quick.isShared(at)) hasShared = true;
  }
  let full: Tallies | undefined;
  if (hasShared) {
    full = new Tallies(a1 - a0);
    for (let x = a0; x < a1; x += 1)
      if (quick.isShared(slots[x - a0] as number)) full.addOld(aHashes.fullOf(x));
    for (let y = b0; y < b1; y += 1)
      if (quick.isShared(quick.slot(bQuick[y] as number, false))) full.addNew(bHashes.fullOf(y), y);
  }
  const pairs: (readonly [number, number])[] = [];
  for (let x = a0; x < a1; x += 1) {
    let tally = quick;
    let at = slots[x - a0] as number;
    if (full !== undefined && quick.isShared(at)) {
      tally = full;
      at = full.slot(aHashes.fullOf(x), false);
    }
    const y = tally.newAt[at] as number;
    if (tally.oldCount[at] === 1 && tally.newCount[at] === 1 && sameLine(a, x, b, y))
      pairs.push([x, y]);
  }
  return longestIncreasingChain(pairs);
}
