import { describe, expect, it } from 'vitest';
import { applyChanges, invertChanges, type TextChange } from '../../shared/text/text-change';
import { hashText } from '../../shared/text/text-hash';
import type { CheckpointBody, CheckpointMeta } from './recovery-db';
import { MAX_COMMIT_CHANGES } from './recovery-limits';
import { planRevert } from './revert-changes';
import { spanChange } from './span-change';

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

async function checkpoint(
  before: string,
  after: string,
  writeCount: number,
): Promise<CheckpointMeta> {
  return {
    id: 'cp-1',
    seq: 1,
    siteId: 'typst',
    projectId: 'p1',
    sessionId: 's1',
    runId: 'r1',
    tabId: 7,
    fileLabel: 'main.typ',
    status: 'applied',
    previousStatus: null,
    before: { length: before.length, hash: await hashText(before) },
    after: { length: after.length, hash: await hashText(after) },
    pending: null,
    writeCount,
    bodyChars: 0,
    createdAt: 0,
    updatedAt: 0,
  };
}

const body = (
  inverses: CheckpointBody['inverses'],
  beforeText: string | null = null,
): CheckpointBody => ({ id: 'cp-1', inverses, pendingInverse: null, beforeText });
describe('spanChange', () => {
  it('is one change covering only the differing middle', () => {
    expect(spanChange('hello world', 'hello there world')).toEqual([
      { from: 6, to: 6, insert: 'there ' },
    ]);
    expect(spanChange('abcdef', 'abXef')).toEqual([{ from: 2, to: 4, insert: 'X' }]);
    expect(spanChange('abc', '')).toEqual([{ from: 0, to: 3, insert: '' }]);
    expect(spanChange('', 'abc')).toEqual([{ from: 0, to: 0, insert: 'abc' }]);
    expect(spanChange('same', 'same')).toEqual([]);
  });

  it('does not count a repeated character twice when the texts overlap in prefix and suffix', () => {
    // "aa" -> "aaa": prefix and suffix must not both claim the same "a".
    const [change] = spanChange('aa', 'aaa');
    expect(applyChanges('aa', [change!])).toBe('aaa');
    expect(change!.to - change!.from).toBe(0);
  });

  it('never splits a surrogate pair at either end', () => {
    // Same high surrogate, different low surrogates: the change must cover the whole pair.
    const [start] = spanChange('x\u{1F600}y', 'x\u{1F601}y');
    expect(start).toEqual({ from: 1, to: 3, insert: '\u{1F601}' });
    // Different high surrogates, same low surrogate.
    const [end] = spanChange('x\uD83D\uDE00y', 'x\uD83E\uDE00y');
    expect(end).toEqual({ from: 1, to: 3, insert: '\uD83E\uDE00' });
  });
});

describe('planRevert', () => {
  const before = 'line one\nline two\nline three\n';
  const edits: TextChange[][] = [
    [{ from: 0, to: 4, insert: 'LINE' }],
    [{ from: 9, to: 9, insert: 'new line\n' }],
  ];

  it('sends the composed inverse of every write when the record restores the recorded state', async () => {
    const { after, inverses } = respond(before, edits);
    const plan = await planRevert(await checkpoint(before, after, 2), body(inverses), after);
    expect(plan.method).toBe('inverse-changes');
    expect(applyChanges(after, plan.changes)).toBe(before);
    expect(plan.changes).toEqual([
      { from: 0, to: 4, insert: 'line' },
      { from: 9, to: 18, insert: '' },
    ]);
  });

  it('limits the inverse to what one page commit accepts', async () => {
    const original = 'ab'.repeat(200);
    const edit = Array.from({ length: 200 }, (_, index) => ({
      from: index * 2,
      to: index * 2 + 1,
      insert: 'X',
    }));
    const { after, inverses } = respond(original, [edit]);
    const plan = await planRevert(await checkpoint(original, after, 1), body(inverses), after);
    expect(plan.method).toBe('inverse-changes');
    expect(plan.changes.length).toBeLessThanOrEqual(MAX_COMMIT_CHANGES);
    expect(applyChanges(after, plan.changes)).toBe(original);
  });

  it('falls back to the stored copy when the record lacks a write, sending only the changed span', async () => {
    const { after, inverses } = respond(before, edits);
    const plan = await planRevert(
      await checkpoint(before, after, 2),
      body(inverses.slice(0, 1), before),
      after,
    );
    expect(plan).toEqual({ method: 'whole-document', changes: spanChange(after, before) });
    expect(applyChanges(after, plan.changes)).toBe(before);
  });

  it('falls back to the stored copy when the record is missing', async () => {
    const { after } = respond(before, edits);
    for (const record of [body(null, before), body([], before)]) {
      const plan = await planRevert(await checkpoint(before, after, 2), record, after);
      expect(plan.method).toBe('whole-document');
      expect(applyChanges(after, plan.changes)).toBe(before);
    }
  });

  it('falls back to the stored copy when the record does not restore the recorded state', async () => {
    const { after, inverses } = respond(before, edits);
    // A damaged record: its inverse puts the wrong text back.
    const damaged = [inverses[0]!, [{ ...inverses[1]![0]!, insert: 'oops' }]];
    const plan = await planRevert(await checkpoint(before, after, 2), body(damaged, before), after);
    expect(plan.method).toBe('whole-document');
    expect(applyChanges(after, plan.changes)).toBe(before);
  });

  it('falls back when the restored text has the right length but another hash', async () => {
    const { after, inverses } = respond(before, edits);
    // Same length as the real inverse, different text.
    const damaged = [[{ ...inverses[0]![0]!, insert: 'LIne' }], inverses[1]!];
    const plan = await planRevert(await checkpoint(before, after, 2), body(damaged, before), after);
    expect(plan.method).toBe('whole-document');
  });

  it('falls back when the record does not chain with the live document', async () => {
    const { after, inverses } = respond(before, edits);
    const plan = await planRevert(
      await checkpoint(before, after, 2),
      body(inverses, before),
      `${after}and more text someone typed`,
    );
    expect(plan.method).toBe('whole-document');
  });

  it('does not trust a record holding fewer writes than the response made, even one that would restore the text', async () => {
    // The second write changed nothing, so the first inverse alone restores the text;
    // the record still lost a write, so it is not the record of this response.
    const { after, inverses } = respond(before, [edits[0]!, []]);
    const plan = await planRevert(
      await checkpoint(before, after, 2),
      body(inverses.slice(0, 1), before),
      after,
    );
    expect(plan.method).toBe('whole-document');
    expect(applyChanges(after, plan.changes)).toBe(before);
    // A record of more writes than the response made is no better.
    const extra = await planRevert(
      await checkpoint(before, after, 1),
      body([...inverses, []], before),
      after,
    );
    expect(extra.method).toBe('whole-document');
  });

  it('reverts a response whose writes cancel out with no changes at all', async () => {
    // Write an "X", then delete it again: the document is back where it was.
    const { after, inverses } = respond(before, [
      [{ from: 0, to: 0, insert: 'X' }],
      [{ from: 0, to: 1, insert: '' }],
    ]);
    expect(after).toBe(before);
    const plan = await planRevert(await checkpoint(before, after, 2), body(inverses), after);
    expect(plan).toEqual({ method: 'inverse-changes', changes: [] });
  });

  it('does not use a record of a response that wrote nothing', async () => {
    const plan = await planRevert(await checkpoint(before, before, 0), body([], before), before);
    expect(plan).toEqual({ method: 'whole-document', changes: [] });
  });

  it('refuses when neither the record nor a matching copy can restore the recorded state', async () => {
    const { after, inverses } = respond(before, edits);
    const meta = await checkpoint(before, after, 2);
    const damaged = [inverses[0]!, [{ ...inverses[1]![0]!, insert: 'oops' }]];
    for (const record of [
      null,
      body(null, null),
      body(damaged, null),
      // A stored copy of another length, or of the right length with other text.
      body(null, `${before}x`),
      body(null, before.toUpperCase()),
    ]) {
      await expect(planRevert(meta, record, after)).rejects.toMatchObject({
        code: 'EDIT_REVERT_UNAVAILABLE',
        message:
          'The revert record of this response is missing or damaged, so it cannot be reverted.',
        details: { checkpointId: 'cp-1' },
      });
    }
  });
});
