import { describe, expect, it } from 'vitest';
import { changeLines, diffObservations } from './tree-changes';
import { DEFAULT_BUDGET_CHARS, observationBudget, pageOf } from './tree-pages';
import { formatRef, parseRef } from './tree-refs';
import { createObservationStore } from './observation-store';

describe('observationBudget', () => {
  it('grows with the context window between a floor and a ceiling', () => {
    expect(observationBudget(undefined)).toBe(DEFAULT_BUDGET_CHARS);
    expect(observationBudget(8_000)).toBe(6_000);
    expect(observationBudget(64_000)).toBe(20_480);
    expect(observationBudget(1_000_000)).toBe(40_000);
  });
});

describe('pageOf', () => {
  const lines = Array.from({ length: 10 }, (_value, index) => `line ${index} ${'x'.repeat(90)}`);
  it('cuts pages at line boundaries within the budget and links the next page', () => {
    const first = pageOf(lines, 300, 1);
    expect(first).toMatchObject({ page: 1, pages: 4, nextPage: 2, start: 0, end: 3 });
    const last = pageOf(lines, 300, 4);
    expect(last).toMatchObject({ page: 4, nextPage: null, start: 9, end: 10 });
    const covered = [1, 2, 3, 4].flatMap((page) => {
      const slice = pageOf(lines, 300, page);
      return lines.slice(slice.start, slice.end);
    });
    expect(covered).toEqual(lines);
  });
  it('clamps a page past the end to the last page, and keeps a line longer than the budget whole', () => {
    expect(pageOf(lines, 300, 99).page).toBe(4);
    expect(pageOf(['y'.repeat(1_000)], 300, 1)).toMatchObject({ pages: 1, start: 0, end: 1 });
  });
});

describe('diffObservations', () => {
  it('matches lines by ref and text lines by their words', () => {
    const before = {
      lines: [
        'textbox "Email" [e1] value="a"',
        'text "Hello"',
        'button "Old" [e2]',
        'text "Hello"',
      ],
      refs: ['e1', '', 'e2', ''],
    };
    const after = {
      lines: ['textbox "Email" [e1] value="b"', 'text "Hello"', 'button "New" [e3]'],
      refs: ['e1', '', 'e3'],
    };
    const changes = diffObservations(before, after);
    expect(changes.changed).toEqual([{ before: before.lines[0], after: after.lines[0] }]);
    expect(changes.added).toEqual(['button "New" [e3]']);
    expect(changes.removed).toEqual(['button "Old" [e2]', 'text "Hello"']);
    expect(changes.unchanged).toBe(1);
    expect(changeLines(changes)[0]).toBe('~ textbox "Email" [e1] value="b"');
  });
});

describe('tree refs', () => {
  it('reads top-frame and frame refs and refuses anything else', () => {
    expect(parseRef('e15')).toEqual({ frame: null, number: 15 });
    expect(parseRef(' f2:e15 ')).toEqual({ frame: 2, number: 15 });
    for (const bad of ['15', 'e0', 'f0:e1', 'ref_3', 'e1:f2', 'f2e15', `e${'9'.repeat(20)}`])
      expect(parseRef(bad), bad).toBeNull();
    expect(formatRef(3, 7)).toBe('f3:e7');
    expect(formatRef(null, 7)).toBe('e7');
  });
});

describe('createObservationStore', () => {
  it('keeps the most recently used observations up to its limit', () => {
    const store = createObservationStore(2);
    const observation = { url: '', title: '', lines: [], refs: [], at: 0, notes: [] };
    store.set('a', observation);
    store.set('b', observation);
    store.get('a');
    store.set('c', observation);
    expect(store.get('b')).toBeNull();
    expect(store.get('a')).not.toBeNull();
    expect(store.get('c')).not.toBeNull();
  });
});
