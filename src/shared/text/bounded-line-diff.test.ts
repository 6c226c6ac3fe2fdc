import { structuredPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { boundedLineDiff } from './bounded-line-diff';
import { diffProblem, seededRandom } from '../../../test/support/diff-oracle';

/** Added plus deleted lines of jsdiff's Myers diff, the minimal count. */
function editDistance(oldText: string, newText: string): number {
  const patch = structuredPatch('a', 'b', `${oldText}\n`, `${newText}\n`, undefined, undefined, {
    context: 0,
  });
  return patch.hunks.reduce(
    (sum, hunk) => sum + hunk.lines.filter((line) => line[0] !== ' ').length,
    0,
  );
}

describe('boundedLineDiff', () => {
  it('produces exact hunks for random edits, CRLF and astral text included', () => {
    const random = seededRandom(99);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
    for (let run = 0; run < 200; run += 1) {
      const lineEnding = random() < 0.3 ? '\r\n' : '\n';
      const oldLines = Array.from({ length: Math.floor(random() * 30) }, () =>
        pick(['a', 'b', '😀 c', '', 'd']),
      );
      const newLines = oldLines.flatMap((line) =>
        random() < 0.2 ? [] : random() < 0.2 ? [line, pick(['x', '🎉'])] : [line],
      );
      const oldText = oldLines.join(lineEnding);
      const newText = newLines.join(lineEnding) + (random() < 0.2 ? lineEnding : '');
      const diff = boundedLineDiff(oldText, newText);
      expect(diff.method).toBe('myers');
      expect(
        diffProblem(oldText, newText, diff),
        JSON.stringify({ oldText, newText }),
      ).toBeUndefined();
      // Minimal: as many changed lines as jsdiff's Myers finds.
      expect(diff.additions + diff.deletions).toBe(editDistance(oldText, newText));
    }
  });

  it('anchored fallback is exact on random documents with repeated lines, at any Myers bound', () => {
    const random = seededRandom(2718);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
    for (let run = 0; run < 300; run += 1) {
      const oldLines = Array.from({ length: Math.floor(random() * 40) }, (_, index) =>
        random() < 0.5 ? `u${index}` : pick(['a', 'b', '', '😀']),
      );
      const newLines = oldLines
        .flatMap((line) =>
          random() < 0.15 ? [] : random() < 0.15 ? [pick(['x', 'a', `n${run}`]), line] : [line],
        )
        .map((line) => (random() < 0.1 ? `${line}!` : line));
      if (random() < 0.2) newLines.reverse();
      const oldText = oldLines.join('\n');
      const newText = newLines.join(random() < 0.2 ? '\r\n' : '\n');
      const diff = boundedLineDiff(oldText, newText, { myersSteps: pick([0, 3, 20]) });
      expect(
        diffProblem(oldText, newText, diff),
        JSON.stringify({ oldLines, newText }),
      ).toBeUndefined();
    }
  });

  it('returns no hunks for identical texts', () => {
    expect(boundedLineDiff('a\nb', 'a\nb').hunks).toEqual([]);
  });

  it('falls back to anchors when Myers would take too many steps, whatever the machine', () => {
    const random = seededRandom(5);
    const oldLines = Array.from({ length: 20_000 }, (_, index) => `line ${index} ${random()}`);
    const newLines = oldLines.map((line, index) => (index % 3 === 0 ? `${line} changed` : line));
    const oldText = `head\n${oldLines.join('\n')}\ntail`;
    const newText = `head\n${newLines.join('\n')}\ntail`;
    const diff = boundedLineDiff(oldText, newText);
    expect(diff.method).toBe('anchored');
    expect(boundedLineDiff(oldText, newText)).toEqual(diff);
    expect(diffProblem(oldText, newText, diff)).toBeUndefined();
    expect(diff.hunks[0]?.rows[0]).toEqual({
      kind: 'context',
      oldLine: 1,
      newLine: 1,
      text: 'head',
    });
    // Every line is unique here, so the anchors find the minimal diff.
    expect([diff.additions, diff.deletions]).toEqual([6_667, 6_667]);
    expect(diff.truncatedForDisplay).toBe(true);
  });

  it('diffs two different 1 MiB single lines as one deletion and one insertion', () => {
    const diff = boundedLineDiff('a'.repeat(1_048_576), 'b'.repeat(1_048_576));
    expect([diff.deletions, diff.additions, diff.method]).toEqual([1, 1, 'myers']);
  });

  it('stays exact and bounded on 20,000 lines with nothing in common or few distinct lines', () => {
    const oldText = Array.from({ length: 20_000 }, (_, index) => `old ${index}`).join('\n');
    const newText = Array.from({ length: 20_000 }, (_, index) => `new ${index}`).join('\n');
    const unrelated = boundedLineDiff(oldText, newText);
    expect([unrelated.deletions, unrelated.additions]).toEqual([20_000, 20_000]);
    // Two distinct lines only: no anchors, and far too many edits for Myers.
    const random = seededRandom(8);
    const noisy = (count: number) =>
      Array.from({ length: count }, () => (random() < 0.5 ? 'x' : 'y')).join('\n');
    const [left, right] = [noisy(20_000), noisy(20_000)];
    const diff = boundedLineDiff(left, right);
    expect(diff.method).toBe('anchored');
    expect(diffProblem(left, right, diff)).toBeUndefined();
  });
});
