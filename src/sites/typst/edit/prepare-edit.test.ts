import { describe, expect, it } from 'vitest';
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import type { EditToolCall } from './edit-tool-schemas';
import { MAX_EDIT_CHANGES } from './edit-limits';
import { prepareChanges, prepareEdit, type EditSnapshot } from './prepare-edit';
import type { CapturedSelection } from './resolve-selection-edits';
import { applyChanges } from '../../../shared/text/text-change';
import { diffProblem } from '../../../../test/support/diff-oracle';

/** Prepares the call and returns the edited text, checking the diff against it. */
function edit(text: string, call: EditToolCall, selection?: CapturedSelection): string {
  const snapshot: EditSnapshot = selection === undefined ? { text } : { text, selection };
  const prepared = prepareEdit(snapshot, call);
  if (prepared.kind === 'no_changes') return text;
  const edited = applyChanges(text, prepared.changes);
  expect(diffProblem(text, edited, prepared.diff)).toBeUndefined();
  return edited;
}

function failureOf(action: () => unknown): { code: string; details?: Record<string, unknown> } {
  try {
    action();
  } catch (error) {
    if (error instanceof ProtocolFailure)
      return error.details === undefined
        ? { code: error.code }
        : { code: error.code, details: error.details };
    throw error;
  }
  throw new Error('expected a ProtocolFailure');
}

const lines = (start_line: number, end_line: number, new_content: string): EditToolCall => ({
  tool: 'replace_lines',
  arguments: { start_line, end_line, new_content },
});
const searchReplace = (search: string, replace: string): EditToolCall => ({
  tool: 'search_replace',
  arguments: { search, replace },
});

describe('replace_lines', () => {
  it('replaces the first, middle, last and only line', () => {
    expect(edit('a\nb\nc', lines(1, 1, 'X'))).toBe('X\nb\nc');
    expect(edit('a\nb\nc', lines(2, 2, 'X'))).toBe('a\nX\nc');
    expect(edit('a\nb\nc', lines(3, 3, 'X'))).toBe('a\nb\nX');
    expect(edit('a', lines(1, 1, 'X\nY'))).toBe('X\nY');
    expect(edit('a\nb\nc\n', lines(2, 3, 'X'))).toBe('a\nX\n');
  });

  it('deletes lines with the following break, or the preceding one at the end', () => {
    expect(edit('a\nb\nc', lines(1, 1, ''))).toBe('b\nc');
    expect(edit('a\nb\nc', lines(2, 2, ''))).toBe('a\nc');
    expect(edit('a\nb\nc', lines(3, 3, ''))).toBe('a\nb');
    expect(edit('a\nb\nc', lines(2, 3, ''))).toBe('a');
    expect(edit('a', lines(1, 1, ''))).toBe('');
    expect(edit('a\nb\n', lines(3, 3, ''))).toBe('a\nb');
  });

  it('keeps a CRLF document CRLF', () => {
    expect(edit('a\r\nb\r\nc', lines(2, 2, 'X\nY'))).toBe('a\r\nX\r\nY\r\nc');
    expect(edit('a\r\nb\r\nc', lines(1, 1, ''))).toBe('b\r\nc');
    expect(edit('a\r\nb\r\nc', lines(2, 2, ''))).toBe('a\r\nc');
    expect(edit('a\r\nb\r\nc', lines(3, 3, ''))).toBe('a\r\nb');
    expect(edit('a\r\nb\r\nc', lines(3, 3, 'Z'))).toBe('a\r\nb\r\nZ');
  });

  it('handles astral characters as whole code points', () => {
    expect(edit('😀\n𝒳y\n🎉', lines(2, 2, '∑ 👍'))).toBe('😀\n∑ 👍\n🎉');
    const prepared = prepareEdit({ text: 'x😀\nz' }, lines(1, 1, 'y😀'));
    expect(prepared.kind === 'changes' && prepared.diff.hunks[0]?.rows).toEqual([
      { kind: 'delete', oldLine: 1, text: 'x😀' },
      { kind: 'insert', newLine: 1, text: 'y😀' },
      { kind: 'context', oldLine: 2, newLine: 2, text: 'z' },
    ]);
  });

  it('refuses a range past the end or reversed', () => {
    expect(failureOf(() => edit('a\nb', lines(2, 3, 'x')))).toMatchObject({
      code: 'INVALID_EDIT_RANGE',
      details: { line_count: 2 },
    });
    expect(failureOf(() => edit('a\nb', lines(3, 3, 'x'))).code).toBe('INVALID_EDIT_RANGE');
    expect(failureOf(() => edit('a\nb', lines(2, 1, 'x'))).code).toBe('INVALID_EDIT_RANGE');
  });

  it('reports a no-op as no_changes', () => {
    expect(prepareEdit({ text: 'a\nb' }, lines(2, 2, 'b'))).toEqual({ kind: 'no_changes' });
  });
});

describe('search_replace', () => {
  it('replaces the one occurrence, in CRLF documents too', () => {
    expect(edit('let x = 1\nlet y = 2', searchReplace('y = 2', 'y = 3'))).toBe(
      'let x = 1\nlet y = 3',
    );
    expect(edit('a\r\nb\r\nc', searchReplace('a\nb', 'A\nB'))).toBe('A\r\nB\r\nc');
    expect(edit('😀a😀b', searchReplace('😀b', '🎉'))).toBe('😀a🎉');
  });

  it('refuses a missing or ambiguous target with the match count', () => {
    expect(failureOf(() => edit('abc', searchReplace('x', 'y'))).code).toBe(
      'EDIT_TARGET_NOT_FOUND',
    );
    expect(failureOf(() => edit('a😀b😀', searchReplace('😀', 'y')))).toMatchObject({
      code: 'EDIT_TARGET_AMBIGUOUS',
      details: { match_count: 2 },
    });
    expect(failureOf(() => edit('aaa', searchReplace('aa', 'b')))).toMatchObject({
      details: { match_count: 2 },
    });
    expect(failureOf(() => edit('abc', searchReplace('', 'y'))).code).toBe(
      'INVALID_EDIT_ARGUMENTS',
    );
  });

  it('caps the counted matches', () => {
    expect(failureOf(() => edit('a'.repeat(5_000), searchReplace('a', 'b')))).toMatchObject({
      details: { match_count: 1_000, match_count_is_floor: true },
    });
  });
});

describe('patch_document', () => {
  const patch = (
    ...edits: { search: string; replace: string; unique?: boolean }[]
  ): EditToolCall => ({
    tool: 'patch_document',
    arguments: { edits: edits.map((entry) => ({ unique: true, ...entry })) },
  });

  it('applies every edit against the pre-patch text, in document order', () => {
    expect(
      edit(
        'one two three',
        patch({ search: 'three', replace: '3' }, { search: 'one', replace: '1' }),
      ),
    ).toBe('1 two 3');
    expect(
      failureOf(() =>
        edit('one two', patch({ search: 'one', replace: 'uno' }, { search: 'uno', replace: 'x' })),
      ),
    ).toMatchObject({
      code: 'EDIT_TARGET_NOT_FOUND',
      details: { edit_index: 1 },
    });
  });

  it('refuses overlaps and ambiguity unless unique is false', () => {
    expect(
      failureOf(() =>
        edit('abcdef', patch({ search: 'abc', replace: 'x' }, { search: 'cde', replace: 'y' })),
      ).code,
    ).toBe('EDIT_RANGES_OVERLAP');
    expect(failureOf(() => edit('ab ab', patch({ search: 'ab', replace: 'x' })))).toMatchObject({
      code: 'EDIT_TARGET_AMBIGUOUS',
      details: { edit_index: 0 },
    });
    expect(edit('ab ab', patch({ search: 'ab', replace: 'x', unique: false }))).toBe('x ab');
  });

  it('reports the same errors when many edits are matched in one pass', () => {
    const text = 'w1 w2 w3 w4 w5 w2';
    const many = (last: string) =>
      patch(
        ...['w1', 'w3', 'w4', last].map((search) => ({ search, replace: search.toUpperCase() })),
      );
    expect(edit(text, many('w5'))).toBe('W1 w2 W3 W4 W5 w2');
    expect(failureOf(() => edit(text, many('w2')))).toMatchObject({
      code: 'EDIT_TARGET_AMBIGUOUS',
      details: { edit_index: 3, match_count: 2 },
    });
    expect(failureOf(() => edit(text, many('w9')))).toMatchObject({
      code: 'EDIT_TARGET_NOT_FOUND',
      details: { edit_index: 3 },
    });
    expect(failureOf(() => edit(text, many('w4 w5'))).code).toBe('EDIT_RANGES_OVERLAP');
  });

  it('drops no-op edits and reports an all-no-op patch as no_changes', () => {
    expect(prepareEdit({ text: 'abc' }, patch({ search: 'b', replace: 'b' }))).toEqual({
      kind: 'no_changes',
    });
    const prepared = prepareEdit(
      { text: 'abc' },
      patch({ search: 'a', replace: 'a' }, { search: 'c', replace: 'C' }),
    );
    expect(prepared.kind === 'changes' && prepared.changes).toEqual([
      { from: 2, to: 3, insert: 'C' },
    ]);
  });
});

describe('insert_at_cursor and replace_selection', () => {
  const insert = (text: string): EditToolCall => ({
    tool: 'insert_at_cursor',
    arguments: { text },
  });
  const replaceSelection = (text: string): EditToolCall => ({
    tool: 'replace_selection',
    arguments: { text },
  });

  it('inserts at the captured caret (the head), at the start, middle and end', () => {
    expect(edit('abc', insert('X'), { anchor: 0, head: 0 })).toBe('Xabc');
    expect(edit('abc', insert('X'), { anchor: 0, head: 2 })).toBe('abXc');
    expect(edit('abc', insert('X\nY'), { anchor: 3, head: 3 })).toBe('abcX\nY');
    expect(edit('a\r\nb', insert('X\nY'), { anchor: 1, head: 1 })).toBe('aX\r\nY\r\nb');
  });

  it('replaces the captured selection in either direction', () => {
    expect(edit('hello world', replaceSelection('there'), { anchor: 11, head: 6 })).toBe(
      'hello there',
    );
    expect(edit('😀😀', replaceSelection('x'), { anchor: 2, head: 4 })).toBe('😀x');
  });

  it('refuses a missing, empty or out-of-range selection', () => {
    expect(failureOf(() => edit('abc', insert('X'))).code).toBe('EDIT_SELECTION_EMPTY');
    expect(failureOf(() => edit('abc', replaceSelection('X'), { anchor: 1, head: 1 })).code).toBe(
      'EDIT_SELECTION_EMPTY',
    );
    expect(failureOf(() => edit('abc', insert('X'), { anchor: 0, head: 4 })).code).toBe(
      'INVALID_EDIT_RANGE',
    );
  });
});

describe('limits', () => {
  it('prepares an edit of a ~1 MB document quickly, accepts 1 MiB and refuses one more', () => {
    const line = `${'x'.repeat(95)} 😀\n`; // 99 code units
    const large = line.repeat(10_100);
    expect(large.length).toBeLessThanOrEqual(1_000_000);
    const started = performance.now();
    const prepared = prepareEdit({ text: large }, lines(5_000, 5_001, 'changed'));
    expect(performance.now() - started).toBeLessThan(500);
    expect(
      prepared.kind === 'changes' && [prepared.diff.additions, prepared.diff.deletions],
    ).toEqual([1, 2]);
    expect(prepareEdit({ text: 'a'.repeat(1_048_576) }, lines(1, 1, 'b')).kind).toBe('changes');
    expect(
      failureOf(() => prepareEdit({ text: 'a'.repeat(1_048_577) }, lines(1, 1, 'b'))).code,
    ).toBe('EDIT_DOCUMENT_TOO_LARGE');
  });

  it('runs every tool on the first, middle and last line of a ~1 MB CRLF document with emoji', () => {
    const lineCount = 9_000;
    const text = Array.from(
      { length: lineCount },
      (_, index) => `line ${index} ${'x'.repeat(90)} 😀`,
    ).join('\r\n');
    expect(text.length).toBeLessThanOrEqual(1_000_000);
    for (const line of [1, 4_500, lineCount]) {
      const marker = `line ${line - 1} `;
      const offset = line === 1 ? 0 : text.indexOf(`\n${marker}`) + 1;
      const calls: [EditToolCall, CapturedSelection?][] = [
        [lines(line, line, 'new\ntext')],
        [searchReplace(`${marker}x`, 'changed\n')],
        [
          {
            tool: 'patch_document',
            arguments: { edits: [{ search: `${marker}x`, replace: 'p', unique: true }] },
          },
        ],
        [
          { tool: 'insert_at_cursor', arguments: { text: '🎉\n' } },
          { anchor: offset, head: offset },
        ],
        [
          { tool: 'replace_selection', arguments: { text: 'sel' } },
          { anchor: offset, head: offset + 4 },
        ],
      ];
      for (const [call, selection] of calls) {
        const edited = edit(text, call, selection);
        expect(edited.length).not.toBe(text.length);
        expect(
          edited
            .split('\n')
            .every((piece, index, all) => index === all.length - 1 || piece.endsWith('\r')),
        ).toBe(true);
      }
    }
  });

  it('refuses too many changes, too much inserted text and overlapping raw changes', () => {
    const text = 'x'.repeat(2 * MAX_EDIT_CHANGES + 2);
    const many = Array.from({ length: MAX_EDIT_CHANGES + 1 }, (_, index) => ({
      from: index * 2,
      to: index * 2 + 1,
      insert: 'y',
    }));
    expect(failureOf(() => prepareChanges({ text }, many)).code).toBe('EDIT_TOO_MANY_CHANGES');
    expect(
      failureOf(() => prepareChanges({ text }, [{ from: 0, to: 0, insert: 'y'.repeat(1_000_001) }]))
        .code,
    ).toBe('EDIT_INSERT_TOO_LARGE');
    expect(
      failureOf(() =>
        prepareChanges({ text }, [
          { from: 0, to: 5, insert: '' },
          { from: 4, to: 6, insert: '' },
        ]),
      ).code,
    ).toBe('EDIT_RANGES_OVERLAP');
    expect(
      failureOf(() => prepareChanges({ text }, [{ from: 0, to: text.length + 1, insert: '' }]))
        .code,
    ).toBe('INVALID_EDIT_RANGE');
  });

  it('reports changes that cancel out as no_changes', () => {
    expect(
      prepareChanges({ text: 'ab' }, [
        { from: 0, to: 1, insert: '' },
        { from: 1, to: 1, insert: 'a' },
      ]),
    ).toEqual({ kind: 'no_changes' });
  });
});
