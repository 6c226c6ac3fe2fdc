import { describe, expect, it } from 'vitest';
import { introducedIssues, mapOffset, type DocumentIssue } from './document-check';

const issue = (from: number, message = 'unclosed delimiter'): DocumentIssue => ({
  from,
  to: from + 1,
  message,
  hints: [],
});

describe('mapOffset', () => {
  it('keeps offsets before a change, shifts those after it and drops replaced ones', () => {
    const changes = [{ from: 10, to: 14, insert: 'abcdefgh' }];
    expect(mapOffset(9, changes)).toBe(9);
    expect(mapOffset(10, changes)).toBeNull();
    expect(mapOffset(13, changes)).toBeNull();
    expect(mapOffset(14, changes)).toBe(18);
  });

  it('moves an offset where text is inserted, and adds up several changes', () => {
    const changes = [
      { from: 2, to: 2, insert: 'xy' },
      { from: 5, to: 8, insert: '' },
    ];
    expect(mapOffset(2, changes)).toBe(4);
    expect(mapOffset(9, changes)).toBe(8);
  });
});

describe('introducedIssues', () => {
  it('cancels a problem the edit only moved, and keeps one it added', () => {
    const changes = [{ from: 0, to: 0, insert: '12345' }];
    const before = [issue(20)];
    const after = [issue(25), issue(2, 'expected expression')];
    expect(introducedIssues(before, after, changes)).toEqual([issue(2, 'expected expression')]);
  });

  it('counts equal problems: two at one place need two before', () => {
    const after = [issue(4), issue(4)];
    expect(introducedIssues([issue(4)], after, [])).toEqual([issue(4)]);
  });

  it('treats a problem in replaced text as gone, so one there again is new', () => {
    const changes = [{ from: 3, to: 8, insert: 'hello' }];
    expect(introducedIssues([issue(5)], [issue(5)], changes)).toEqual([issue(5)]);
  });

  it('does not match a problem with another message at the same place', () => {
    expect(introducedIssues([issue(4)], [issue(4, 'unexpected comma')], [])).toEqual([
      issue(4, 'unexpected comma'),
    ]);
  });
});
