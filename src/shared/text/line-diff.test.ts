import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/support/diff-oracle';
import {
  DiffLines,
  commonPrefixLength,
  commonSuffixLength,
  equalLinesBefore,
  equalLinesFrom,
} from './diff-lines';
import { diffLineRanges, type LineRegion } from './line-diff';

function naivePrefix(a: string, aStart: number, b: string, bStart: number, max: number): number {
  let equal = 0;
  while (equal < max && a[aStart + equal] === b[bStart + equal]) equal += 1;
  return equal;
}

function linesOf(lines: DiffLines): string[] {
  return Array.from({ length: lines.count }, (_, line) =>
    lines.text.slice(lines.starts[line], lines.starts[line + 1]),
  );
}

/** Lines of `b` rebuilt from `a` and the regions, or a description of the first problem. */
function rebuild(a: DiffLines, b: DiffLines, regions: readonly LineRegion[]): string[] | string {
  const oldLines = linesOf(a);
  const newLines = linesOf(b);
  const rebuilt: string[] = [];
  let cursor = 0;
  for (const region of regions) {
    if (region.oldStart < cursor) return 'regions overlap';
    if (region.oldStart === cursor && regions.indexOf(region) > 0) return 'regions touch';
    rebuilt.push(...oldLines.slice(cursor, region.oldStart));
    if (rebuilt.length !== region.newStart) return 'newStart is off';
    rebuilt.push(...newLines.slice(region.newStart, region.newEnd));
    cursor = region.oldEnd;
  }
  rebuilt.push(...oldLines.slice(cursor));
  return rebuilt;
}

/** Length of the longest common subsequence of lines, by dynamic programming. */
function lcsLength(a: readonly string[], b: readonly string[]): number {
  let row = new Array<number>(b.length + 1).fill(0);
  for (const line of a) {
    const next = [0];
    b.forEach((other, at) =>
      next.push(
        line === other
          ? (row[at] as number) + 1
          : Math.max(row[at + 1] as number, next[at] as number),
      ),
    );
    row = next;
  }
  return row[b.length] as number;
}

describe('the line comparisons', () => {
  it('find common prefixes and suffixes as a character loop does', () => {
    const random = seededRandom(31);
    for (let round = 0; round < 2_000; round += 1) {
      const base = Array.from({ length: Math.floor(random() * 300) }, () =>
        'ab\n'.charAt(Math.floor(random() * 3)),
      ).join('');
      const cut = Math.floor(random() * (base.length + 1));
      const other = base.slice(0, cut) + (random() < 0.5 ? 'z' : '') + base.slice(cut);
      const max = Math.min(base.length, other.length);
      expect(commonPrefixLength(base, 0, other, 0, max)).toBe(naivePrefix(base, 0, other, 0, max));
      const reversed = (text: string) => [...text].reverse().join('');
      expect(commonSuffixLength(base, base.length, other, other.length, max)).toBe(
        naivePrefix(reversed(base), 0, reversed(other), 0, max),
      );
    }
  });

  it('count equal leading and trailing lines of two ranges', () => {
    const random = seededRandom(32);
    const line = () => ['a\n', 'b\n', 'ab\n', '\n', 'a\r\n'][Math.floor(random() * 5)] as string;
    for (let round = 0; round < 2_000; round += 1) {
      const a = new DiffLines(Array.from({ length: Math.floor(random() * 12) }, line).join(''));
      const b = new DiffLines(Array.from({ length: Math.floor(random() * 12) }, line).join(''));
      const [oldLines, newLines] = [linesOf(a), linesOf(b)];
      const a0 = Math.floor(random() * (a.count + 1));
      const b0 = Math.floor(random() * (b.count + 1));
      let leading = 0;
      while (
        a0 + leading < a.count &&
        b0 + leading < b.count &&
        oldLines[a0 + leading] === newLines[b0 + leading]
      )
        leading += 1;
      expect(equalLinesFrom(a, a0, a.count, b, b0, b.count)).toBe(leading);
      let trailing = 0;
      while (
        trailing < a.count - a0 &&
        trailing < b.count - b0 &&
        oldLines[a.count - 1 - trailing] === newLines[b.count - 1 - trailing]
      )
        trailing += 1;
      expect(equalLinesBefore(a, a0, a.count, b, b0, b.count)).toBe(trailing);
    }
  });
});

describe('diffLineRanges', () => {
  it('is exact, and minimal whenever it says so, on 1,500 random pairs', () => {
    const random = seededRandom(33);
    let minimal = 0;
    for (let round = 0; round < 1_500; round += 1) {
      const pool = ['x\n', 'y\n', 'z\n', '\n', `u${round}\n`, `v${round}\n`];
      const oldLines = Array.from({ length: Math.floor(random() * 40) }, () =>
        random() < 0.4
          ? `line ${Math.floor(random() * 1e6)}\n`
          : (pool[Math.floor(random() * 6)] as string),
      );
      const newLines = oldLines.flatMap((line) =>
        random() < 0.15
          ? []
          : random() < 0.15
            ? [line, pool[Math.floor(random() * 6)] as string]
            : [line],
      );
      const a = new DiffLines(oldLines.join(''));
      const b = new DiffLines(newLines.join(''));
      const limits = random() < 0.3 ? { myersSteps: Math.floor(random() * 20) } : {};
      const { regions, isMinimal } = diffLineRanges(a, 0, a.count, b, 0, b.count, limits);
      expect(rebuild(a, b, regions)).toEqual(newLines);
      const changed = regions.reduce(
        (sum, region) =>
          sum + (region.oldEnd - region.oldStart) + (region.newEnd - region.newStart),
        0,
      );
      if (isMinimal) {
        minimal += 1;
        expect(changed).toBe(oldLines.length + newLines.length - 2 * lcsLength(oldLines, newLines));
      }
    }
    expect(minimal).toBeGreaterThan(900);
  });

  it('depends on the input only: the same pair always gives the same regions', () => {
    const lines = Array.from(
      { length: 3_000 },
      (_, index) => `${index % 7 === 0 ? 'same' : index}\n`,
    );
    const a = new DiffLines(lines.join(''));
    const b = new DiffLines(
      lines.map((line, index) => (index % 5 === 0 ? `${line}!\n` : line)).join(''),
    );
    const first = diffLineRanges(a, 0, a.count, b, 0, b.count);
    for (let round = 0; round < 3; round += 1)
      expect(diffLineRanges(a, 0, a.count, b, 0, b.count)).toEqual(first);
    expect(first.isMinimal).toBe(false);
  });
});
