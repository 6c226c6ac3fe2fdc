// ## Owns
// The fallback line diff used when Myers runs out of time: anchored on lines that
// occur exactly once in each text (the idea of patience diff).
// ## Why
// A snapshot restore preview may compare two 1 MB documents that differ in thousands
// of places; Myers then costs O((N+M)·D). Lines unique to both sides are almost always
// the unchanged skeleton, and their longest common subsequence is found in
// O(k log k), so this runs in near-linear time. Between anchors the texts are trimmed
// of equal leading and trailing lines and the rest is shown as replaced: exact, not
// always minimal, and never refused.
import type { ChangedRegion } from './changed-regions';
import type { LineIndex } from './line-index';

interface LineTally {
  oldCount: number;
  newCount: number;
  oldAt: number;
  newAt: number;
}

function keysOf(index: LineIndex): string[] {
  return Array.from({ length: index.lineCount }, (_, line) => index.lineKey(line + 1));
}

/** Pairs `[oldAt, newAt]` (sorted by oldAt) forming the longest chain increasing in newAt. */
function longestIncreasingChain(
  pairs: readonly (readonly [number, number])[],
): (readonly [number, number])[] {
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

/** Changed regions turning `oldIndex.text` into `newIndex.text`, in near-linear time. */
export function anchoredRegions(oldIndex: LineIndex, newIndex: LineIndex): ChangedRegion[] {
  const oldKeys = keysOf(oldIndex);
  const newKeys = keysOf(newIndex);
  const tallies = new Map<string, LineTally>();
  const tallyOf = (key: string) => {
    let tally = tallies.get(key);
    if (tally === undefined) {
      tally = { oldCount: 0, newCount: 0, oldAt: -1, newAt: -1 };
      tallies.set(key, tally);
    }
    return tally;
  };
  oldKeys.forEach((key, at) => {
    const tally = tallyOf(key);
    tally.oldCount += 1;
    tally.oldAt = at;
  });
  newKeys.forEach((key, at) => {
    const tally = tallyOf(key);
    tally.newCount += 1;
    tally.newAt = at;
  });
  const uniquePairs: (readonly [number, number])[] = [];
  oldKeys.forEach((key) => {
    const tally = tallies.get(key);
    if (tally !== undefined && tally.oldCount === 1 && tally.newCount === 1)
      uniquePairs.push([tally.oldAt, tally.newAt]);
  });

  const regions: ChangedRegion[] = [];
  let oldCursor = 0;
  let newCursor = 0;
  for (const [oldAt, newAt] of [
    ...longestIncreasingChain(uniquePairs),
    [oldKeys.length, newKeys.length] as const,
  ]) {
    let oldStart = oldCursor;
    let newStart = newCursor;
    let oldEnd = oldAt;
    let newEnd = newAt;
    while (oldStart < oldEnd && newStart < newEnd && oldKeys[oldStart] === newKeys[newStart]) {
      oldStart += 1;
      newStart += 1;
    }
    while (oldEnd > oldStart && newEnd > newStart && oldKeys[oldEnd - 1] === newKeys[newEnd - 1]) {
      oldEnd -= 1;
      newEnd -= 1;
    }
    if (oldEnd > oldStart || newEnd > newStart) {
      const inserted = Array.from({ length: newEnd - newStart }, (_, offset) =>
        newIndex.lineText(newStart + offset + 1),
      );
      regions.push({ oldStart, oldEnd, newStart, inserted });
    }
    oldCursor = oldAt + 1;
    newCursor = newAt + 1;
  }
  return regions;
}
