// Test support: an independent check that a diff turns the old text into the new one,
// and a seeded random generator so property tests are reproducible.
import { LineIndex } from '../../src/shared/text/line-index';
import type { UnifiedDiff } from '../../src/shared/text/unified-diff';

/** mulberry32: a tiny seeded PRNG, returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function linesOf(text: string): string[] {
  const index = new LineIndex(text);
  return Array.from({ length: index.lineCount }, (_, line) => index.lineText(line + 1));
}

/**
 * Rebuilds the new document's lines from the old lines and the hunks, checking every
 * context and deleted row against the old text, every line number and every header.
 * Returns a description of the first problem, or undefined when the diff is exact.
 */
export function diffProblem(
  oldText: string,
  newText: string,
  diff: UnifiedDiff,
): string | undefined {
  const oldLines = linesOf(oldText);
  const newLines = linesOf(newText);
  const rebuilt: string[] = [];
  let oldCursor = 0;
  for (const [hunkNumber, hunk] of diff.hunks.entries()) {
    if (hunk.oldStart - 1 < oldCursor)
      return `hunk ${hunkNumber} starts before the previous one ends`;
    while (oldCursor < hunk.oldStart - 1) rebuilt.push(oldLines[oldCursor++] as string);
    if (rebuilt.length !== hunk.newStart - 1)
      return `hunk ${hunkNumber} newStart ${hunk.newStart} but ${rebuilt.length} lines precede it`;
    let oldCount = 0;
    let newCount = 0;
    for (const row of hunk.rows) {
      if (row.kind !== 'insert') {
        if (row.oldLine !== oldCursor + 1)
          return `hunk ${hunkNumber} row oldLine ${row.oldLine}, expected ${oldCursor + 1}`;
        if (oldLines[oldCursor] !== row.text)
          return `hunk ${hunkNumber} old line ${row.oldLine} text differs`;
        oldCursor += 1;
        oldCount += 1;
      }
      if (row.kind !== 'delete') {
        if (row.newLine !== rebuilt.length + 1)
          return `hunk ${hunkNumber} row newLine ${row.newLine}, expected ${rebuilt.length + 1}`;
        rebuilt.push(row.text);
        newCount += 1;
      }
    }
    if (oldCount !== hunk.oldLines || newCount !== hunk.newLines)
      return `hunk ${hunkNumber} header counts differ from its rows`;
  }
  while (oldCursor < oldLines.length) rebuilt.push(oldLines[oldCursor++] as string);
  if (rebuilt.length !== newLines.length)
    return `rebuilt ${rebuilt.length} lines, new text has ${newLines.length}`;
  const mismatch = rebuilt.findIndex((line, index) => line !== newLines[index]);
  return mismatch === -1 ? undefined : `rebuilt line ${mismatch + 1} differs from the new text`;
}
