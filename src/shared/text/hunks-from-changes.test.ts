import { structuredPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { hunksFromChanges } from './hunks-from-changes';
import { LineIndex } from './line-index';
import { applyChanges, type TextChange } from './text-change';
import { formatHunkHeader } from './unified-diff';
import { diffProblem, seededRandom } from '../../../test/support/diff-oracle';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

// Every line has the same length and a unique numbered prefix, so a line created by an
// edit can only equal an old line when it is that line; then the minimal line diff is
// unique and jsdiff's Myers result must equal ours exactly.
function randomDocument(
  random: () => number,
  lineCount: number,
  lineEnding: string,
  hasFinalBreak: boolean,
): string {
  const lines = Array.from({ length: lineCount }, (_, index) => {
    let tail = '';
    for (let count = 0; count < 6; count += 1)
      tail += ALPHABET[Math.floor(random() * ALPHABET.length)];
    return `L${String(index).padStart(3, '0')}:${random() < 0.15 ? '😀' : ''}${tail}`;
  });
  return lines.join(lineEnding) + (hasFinalBreak ? lineEnding : '');
}

function randomChanges(
  random: () => number,
  text: string,
  lineEnding: string,
  serial: { next: number },
): TextChange[] {
  const count = 1 + Math.floor(random() * 5);
  const points = Array.from({ length: count * 2 }, () =>
    Math.floor(random() * (text.length + 1)),
  ).sort((left, right) => left - right);
  const changes: TextChange[] = [];
  for (let at = 0; at < points.length; at += 2) {
    const from = points[at] as number;
    const to = random() < 0.3 ? from : (points[at + 1] as number);
    const previous = changes[changes.length - 1];
    if (previous !== undefined && from < previous.to) continue;
    const pieces = Array.from({ length: Math.floor(random() * 3) }, () => `#${serial.next++}`);
    let insert = pieces.join(lineEnding);
    if (random() < 0.3) insert += lineEnding;
    if (random() < 0.2) insert = lineEnding + insert;
    if (from === to && insert === '') continue;
    changes.push({ from, to, insert });
  }
  return changes;
}

function hasRepeatedLines(text: string): boolean {
  const lines = text.split(/\r?\n/);
  return new Set(lines).size !== lines.length;
}

// jsdiff's hunks reduced to comparable data: markers and text without the CR of CRLF.
function jsdiffShape(oldText: string, newText: string) {
  return structuredPatch('old', 'new', `${oldText}\n`, `${newText}\n`, undefined, undefined, {
    context: 3,
  }).hunks.map((hunk) => ({
    header: formatHunkHeader(hunk as never),
    rows: hunk.lines.map((line) => `${line[0]}${line.slice(1).replace(/\r$/, '')}`),
  }));
}

function ourShape(diff: ReturnType<typeof hunksFromChanges>) {
  return diff.hunks.map((hunk) => ({
    header: formatHunkHeader(hunk),
    rows: hunk.rows.map(
      (row) => `${row.kind === 'context' ? ' ' : row.kind === 'delete' ? '-' : '+'}${row.text}`,
    ),
  }));
}

describe('hunksFromChanges', () => {
  it('matches jsdiff on 600 seeded random documents and change lists', () => {
    const random = seededRandom(20261130);
    const serial = { next: 0 };
    let compared = 0;
    for (let run = 0; run < 600; run += 1) {
      const lineEnding = random() < 0.3 ? '\r\n' : '\n';
      const oldText = randomDocument(
        random,
        1 + Math.floor(random() * 40),
        lineEnding,
        random() < 0.5,
      );
      const changes = randomChanges(random, oldText, lineEnding, serial);
      const newText = applyChanges(oldText, changes);
      const diff = hunksFromChanges(new LineIndex(oldText), changes);
      const context = JSON.stringify({ run, oldText, changes });
      expect(diffProblem(oldText, newText, diff), context).toBeUndefined();
      // Repeated lines (an inserted empty line next to an empty one) admit several
      // minimal diffs; Myers then picks one, so only exactness is required there.
      if (hasRepeatedLines(oldText) || hasRepeatedLines(newText)) continue;
      expect(ourShape(diff), context).toEqual(jsdiffShape(oldText, newText));
      compared += 1;
    }
    expect(compared).toBeGreaterThan(400);
  });

  it('rebuilds the new text when edits duplicate neighbouring lines', () => {
    // Repeated lines make the minimal diff ambiguous, so only exactness is checked.
    const random = seededRandom(7);
    for (let run = 0; run < 300; run += 1) {
      const lines = Array.from(
        { length: 1 + Math.floor(random() * 12) },
        () => ['a', 'b', '', 'a b'][Math.floor(random() * 4)],
      );
      const oldText = lines.join('\n');
      const from = Math.floor(random() * (oldText.length + 1));
      const to = from + Math.floor(random() * (oldText.length - from + 1));
      const changes = [
        { from, to, insert: ['a\n', '\nb', 'a', '', '\n\n'][Math.floor(random() * 5)] as string },
      ];
      const newText = applyChanges(oldText, changes);
      const diff = hunksFromChanges(new LineIndex(oldText), changes);
      expect(
        diffProblem(oldText, newText, diff),
        JSON.stringify({ oldText, changes }),
      ).toBeUndefined();
    }
  });

  it('yields a delete and insert pair for a change inside one line, with context', () => {
    const oldText = 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight';
    const diff = hunksFromChanges(new LineIndex(oldText), [
      { from: oldText.indexOf('five'), to: oldText.indexOf('five') + 4, insert: 'FIVE' },
    ]);
    expect(diff.hunks).toHaveLength(1);
    expect(diff.hunks[0]).toMatchObject({ oldStart: 2, oldLines: 7, newStart: 2, newLines: 7 });
    expect(diff.hunks[0]?.rows.filter((row) => row.kind !== 'context')).toEqual([
      { kind: 'delete', oldLine: 5, text: 'five' },
      { kind: 'insert', newLine: 5, text: 'FIVE' },
    ]);
    expect([diff.additions, diff.deletions]).toEqual([1, 1]);
  });

  it('merges two changes on the same line into one pair', () => {
    const oldText = 'alpha beta gamma';
    const diff = hunksFromChanges(new LineIndex(oldText), [
      { from: 0, to: 5, insert: 'A' },
      { from: 11, to: 16, insert: 'G\nH' },
    ]);
    expect(diff.hunks[0]?.rows).toEqual([
      { kind: 'delete', oldLine: 1, text: 'alpha beta gamma' },
      { kind: 'insert', newLine: 1, text: 'A beta G' },
      { kind: 'insert', newLine: 2, text: 'H' },
    ]);
  });

  it('merges hunks whose contexts touch and splits them when further apart', () => {
    const text = Array.from({ length: 30 }, (_, index) => `line ${index + 1}`).join('\n');
    const index = new LineIndex(text);
    const changeOnLine = (line: number): TextChange => ({
      from: index.lineStart(line),
      to: index.lineContentEnd(line),
      insert: `changed ${line}`,
    });
    expect(hunksFromChanges(index, [changeOnLine(5), changeOnLine(12)]).hunks).toHaveLength(1);
    expect(hunksFromChanges(index, [changeOnLine(5), changeOnLine(13)]).hunks).toHaveLength(2);
  });

  it('flags a diff above the display bound but keeps every row', () => {
    const text = Array.from({ length: 6_000 }, (_, index) => `line ${index}`).join('\n');
    const diff = hunksFromChanges(new LineIndex(text), [
      { from: 0, to: text.length, insert: text.toUpperCase() },
    ]);
    expect(diff.truncatedForDisplay).toBe(true);
    expect(diff.rowCount).toBe(12_000);
    expect([diff.additions, diff.deletions]).toEqual([6_000, 6_000]);
  });

  it('returns no hunks for an empty change list', () => {
    expect(hunksFromChanges(new LineIndex('abc'), []).hunks).toEqual([]);
  });
});
