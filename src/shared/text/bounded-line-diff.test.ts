import { describe, expect, it } from 'vitest';
import { anchoredRegions } from './anchored-line-diff';
import { boundedLineDiff } from './bounded-line-diff';
import { hunksFromRegions } from './hunks-from-changes';
import { LineIndex } from './line-index';
import { diffProblem, seededRandom } from '../../../test/support/diff-oracle';

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
    }
  });

  it('anchored fallback is exact on random documents with repeated lines', () => {
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
      const oldIndex = new LineIndex(oldLines.join('\n'));
      const newText = newLines.join(random() < 0.2 ? '\r\n' : '\n');
      const diff = hunksFromRegions(oldIndex, anchoredRegions(oldIndex, new LineIndex(newText)));
      expect(
        diffProblem(oldIndex.text, newText, diff),
        JSON.stringify({ oldLines, newText }),
      ).toBeUndefined();
    }
  });

  it('returns no hunks for identical texts', () => {
    expect(boundedLineDiff('a\nb', 'a\nb').hunks).toEqual([]);
  });

  it('falls back to the anchored diff when jsdiff runs out of time', () => {
    const random = seededRandom(5);
    const oldLines = Array.from({ length: 20_000 }, (_, index) => `line ${index} ${random()}`);
    const newLines = oldLines.map((line, index) => (index % 3 === 0 ? `${line} changed` : line));
    const oldText = `head\n${oldLines.join('\n')}\ntail`;
    const newText = `head\n${newLines.join('\n')}\ntail`;
    const diff = boundedLineDiff(oldText, newText, { timeoutMs: 1 });
    expect(diff.method).toBe('anchored');
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
});
