import { describe, expect, it } from 'vitest';
import { applyChanges, invertChanges, type TextChange } from '../../shared/text/text-change';
import { composeChangeLists, limitChangeCount } from './compose-changes';
import { MAX_COMMIT_CHANGES } from './recovery-limits';

/** A small deterministic generator (mulberry32), so failures reproduce. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A sorted, non-overlapping change list against `text`: replacements, deletions, insertions. */
function randomChanges(next: () => number, text: string): TextChange[] {
  const changes: TextChange[] = [];
  let cursor = 0;
  const count = 1 + Math.floor(next() * 4);
  for (let index = 0; index < count && cursor <= text.length; index += 1) {
    const from = cursor + Math.floor(next() * Math.max(1, (text.length - cursor) / 2));
    if (from > text.length) break;
    const to = Math.min(text.length, from + Math.floor(next() * 4));
    const insert = next() < 0.3 ? '' : 'xyz'.slice(0, 1 + Math.floor(next() * 3));
    if (to === from && insert === '') continue;
    changes.push({ from, to, insert });
    cursor = to + 1;
  }
  return changes;
}

/** The edits of one response applied in order, with the inverse of each as the journal stores it. */
function respond(before: string, edits: readonly TextChange[][]) {
  let text = before;
  const inverses: TextChange[][] = [];
  for (const edit of edits) {
    inverses.push(invertChanges(text, edit));
    text = applyChanges(text, edit);
  }
  return { after: text, inverses };
}

describe('composeChangeLists', () => {
  it('turns the inverses of a response, newest first, into one list that restores the original', () => {
    const next = random(7);
    for (let round = 0; round < 300; round += 1) {
      const original = 'abcdefghijklmnopqrstuvwxyz'.slice(0, Math.floor(next() * 27));
      const edits: TextChange[][] = [];
      let text = original;
      const writes = 1 + Math.floor(next() * 4);
      for (let write = 0; write < writes; write += 1) {
        const edit = randomChanges(next, text);
        edits.push(edit);
        text = applyChanges(text, edit);
      }
      const { after, inverses } = respond(original, edits);
      const composed = composeChangeLists([...inverses].reverse(), after.length);
      expect(applyChanges(after, composed), `round ${round}`).toBe(original);
      // One sorted, non-overlapping list without empty changes.
      for (const [index, change] of composed.entries()) {
        expect(change.to > change.from || change.insert !== '').toBe(true);
        if (index > 0) expect(change.from).toBeGreaterThan(composed[index - 1]!.to);
      }
    }
  });

  it('composes forward edits the same way as applying them one after another', () => {
    const next = random(11);
    for (let round = 0; round < 200; round += 1) {
      const start = 'The quick brown fox'.slice(0, Math.floor(next() * 20));
      const lists: TextChange[][] = [];
      let text = start;
      for (let step = 0; step < 3; step += 1) {
        const list = randomChanges(next, text);
        lists.push(list);
        text = applyChanges(text, list);
      }
      expect(applyChanges(start, composeChangeLists(lists, start.length)), `round ${round}`).toBe(
        text,
      );
    }
  });

  it('keeps only the net change: text inserted and then deleted never appears', () => {
    // "abc" -> "abXYc" -> "abc" composes to nothing at all.
    expect(
      composeChangeLists([[{ from: 2, to: 2, insert: 'XY' }], [{ from: 2, to: 4, insert: '' }]], 3),
    ).toEqual([]);
    // A deletion followed by an insertion at the same place is one replacement.
    expect(
      composeChangeLists([[{ from: 1, to: 3, insert: '' }], [{ from: 1, to: 1, insert: 'Q' }]], 5),
    ).toEqual([{ from: 1, to: 3, insert: 'Q' }]);
    // Part of an earlier insertion kept, part deleted.
    expect(
      composeChangeLists(
        [[{ from: 0, to: 0, insert: 'hello' }], [{ from: 1, to: 4, insert: '' }]],
        2,
      ),
    ).toEqual([{ from: 0, to: 0, insert: 'ho' }]);
  });

  it('returns no changes for no lists, and for lists without changes', () => {
    expect(composeChangeLists([], 10)).toEqual([]);
    expect(composeChangeLists([[], []], 10)).toEqual([]);
  });

  it('refuses lists that do not chain, instead of guessing', () => {
    // The second list claims a 20-character document; the first leaves 10.
    expect(() =>
      composeChangeLists(
        [[{ from: 0, to: 1, insert: '' }], [{ from: 15, to: 20, insert: '' }]],
        11,
      ),
    ).toThrow('Change lists do not chain');
  });
});

describe('limitChangeCount', () => {
  const text = 'a'.repeat(40);

  it('returns the changes unchanged (as a copy) when they are within the limit', () => {
    const changes = [
      { from: 0, to: 1, insert: 'x' },
      { from: 5, to: 6, insert: 'y' },
    ];
    const limited = limitChangeCount(text, changes, 2);
    expect(limited).toEqual(changes);
    expect(limited).not.toBe(changes);
  });

  it('merges over the narrowest gaps, re-inserting the gap text, and keeps the widest as separators', () => {
    const source = '0123456789abcdefghij';
    const changes = [
      { from: 0, to: 1, insert: 'A' },
      { from: 2, to: 3, insert: 'B' }, // gap 1 to the previous change
      { from: 10, to: 11, insert: 'C' }, // gap 7
      { from: 13, to: 14, insert: 'D' }, // gap 2
    ];
    const limited = limitChangeCount(source, changes, 2);
    expect(limited).toEqual([
      { from: 0, to: 3, insert: 'A1B' },
      { from: 10, to: 14, insert: 'Cbc' + 'D' },
    ]);
    expect(applyChanges(source, limited)).toBe(applyChanges(source, changes));
  });

  it('breaks ties between equal gaps by keeping the earlier one', () => {
    const changes = [
      { from: 0, to: 1, insert: '' },
      { from: 3, to: 4, insert: '' },
      { from: 6, to: 7, insert: '' },
    ];
    expect(limitChangeCount('0123456789', changes, 2)).toEqual([
      { from: 0, to: 1, insert: '' },
      { from: 3, to: 7, insert: '45' },
    ]);
  });

  it('defaults to what one page commit accepts and keeps the result equivalent', () => {
    const many = Array.from({ length: MAX_COMMIT_CHANGES + 20 }, (_, index) => ({
      from: index * 3,
      to: index * 3 + 1,
      insert: String(index % 10),
    }));
    const source = 'abc'.repeat(MAX_COMMIT_CHANGES + 20);
    const limited = limitChangeCount(source, many);
    expect(limited).toHaveLength(MAX_COMMIT_CHANGES);
    expect(applyChanges(source, limited)).toBe(applyChanges(source, many));
    expect(limitChangeCount(source, many.slice(0, MAX_COMMIT_CHANGES))).toHaveLength(
      MAX_COMMIT_CHANGES,
    );
  });

  it('returns no changes for no changes, whatever the limit', () => {
    for (const max of [1, 2, MAX_COMMIT_CHANGES])
      expect(limitChangeCount('abc', [], max)).toEqual([]);
  });

  it('can merge everything into one change', () => {
    const changes = [
      { from: 1, to: 2, insert: 'X' },
      { from: 4, to: 5, insert: 'Y' },
      { from: 7, to: 8, insert: 'Z' },
    ];
    expect(limitChangeCount('012345678', changes, 1)).toEqual([
      { from: 1, to: 8, insert: 'X23Y56Z' },
    ]);
  });
});
