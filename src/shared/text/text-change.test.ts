import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyChanges, assertValidChanges, invertChanges, type TextChange } from './text-change';
import { fingerprintText, hashText } from './text-hash';
import { seededRandom } from '../../../test/support/diff-oracle';

function randomChanges(random: () => number, text: string): TextChange[] {
  const points = Array.from({ length: 2 * (1 + Math.floor(random() * 6)) }, () =>
    Math.floor(random() * (text.length + 1)),
  ).sort((a, b) => a - b);
  const changes: TextChange[] = [];
  for (let at = 0; at < points.length; at += 2) {
    const from = points[at] as number;
    const to = points[at + 1] as number;
    const insert = ['', 'x', '😀\n', '\r\n', 'long insert'][Math.floor(random() * 5)] as string;
    changes.push({ from, to, insert });
  }
  return changes;
}

describe('applyChanges and invertChanges', () => {
  it('round-trip on 500 seeded random change lists', () => {
    const random = seededRandom(42);
    for (let run = 0; run < 500; run += 1) {
      const text = Array.from(
        { length: Math.floor(random() * 40) },
        () => ['a', 'b\n', '😀', '\r\n', ' '][Math.floor(random() * 5)],
      ).join('');
      const changes = randomChanges(random, text);
      expect(() => assertValidChanges(text, changes)).not.toThrow();
      const edited = applyChanges(text, changes);
      const inverse = invertChanges(text, changes);
      expect(() => assertValidChanges(edited, inverse)).not.toThrow();
      expect(applyChanges(edited, inverse)).toBe(text);
      expect(applyChanges(text, invertChanges(edited, inverse))).toBe(edited);
    }
  });

  it('applies several insertions at one point in list order', () => {
    expect(
      applyChanges('ab', [
        { from: 1, to: 1, insert: 'X' },
        { from: 1, to: 1, insert: 'Y' },
      ]),
    ).toBe('aXYb');
    expect(
      invertChanges('abcd', [
        { from: 0, to: 2, insert: '' },
        { from: 2, to: 4, insert: '' },
      ]),
    ).toEqual([
      { from: 0, to: 0, insert: 'ab' },
      { from: 0, to: 0, insert: 'cd' },
    ]);
  });

  it('applies in document order with touching ranges', () => {
    expect(
      applyChanges('abcdef', [
        { from: 0, to: 2, insert: 'X' },
        { from: 2, to: 2, insert: 'Y' },
        { from: 5, to: 6, insert: '' },
      ]),
    ).toBe('XYcde');
  });

  it('rejects unsorted, overlapping and out-of-range changes', () => {
    expect(() =>
      assertValidChanges('abc', [
        { from: 2, to: 3, insert: '' },
        { from: 0, to: 1, insert: '' },
      ]),
    ).toThrow(/overlaps/);
    expect(() =>
      assertValidChanges('abc', [
        { from: 0, to: 2, insert: '' },
        { from: 1, to: 1, insert: 'b' },
      ]),
    ).toThrow(/overlaps/);
    expect(() => assertValidChanges('abc', [{ from: 2, to: 4, insert: '' }])).toThrow(/outside/);
    expect(() => assertValidChanges('abc', [{ from: 1.5, to: 2, insert: '' }])).toThrow(/outside/);
  });
});

describe('hashText and fingerprintText', () => {
  it('hashes UTF-16LE code units with SHA-256', async () => {
    const text = 'a😀\r\n\uD800';
    expect(await hashText(text)).toBe(
      createHash('sha256').update(Buffer.from(text, 'utf16le')).digest('hex'),
    );
    expect(await hashText('\uD800')).not.toBe(await hashText('\uDC00'));
  });

  it('fingerprints synchronously, including the length', () => {
    expect(fingerprintText('abc')).toBe(fingerprintText('abc'));
    expect(fingerprintText('abc')).not.toBe(fingerprintText('abd'));
    expect(fingerprintText('abc').startsWith('3:')).toBe(true);
  });
});
