import { describe, expect, it } from 'vitest';
import {
  WORKING_MEMORY_LIMITS,
  WorkingMemorySchema,
} from '../../../shared/protocol/working-memory';
import { createWorkingMemory, keepNewestLines } from './working-memory';
import { workingMemoryNote, PINNED_OPEN_ROWS } from './working-memory-note';
import { isLongTask, LONG_TASK_ROUND } from './long-task';

describe('the working-memory book', () => {
  it('appends and replaces scratchpad notes, counting each change', () => {
    const book = createWorkingMemory();
    expect(book.version()).toBe(0);
    expect(book.writeScratchpad('first', 'append')).toMatchObject({ ok: true });
    book.writeScratchpad('second', 'append');
    expect(book.snapshot().scratchpad).toBe('first\nsecond');
    book.writeScratchpad('only', 'replace');
    expect(book.snapshot().scratchpad).toBe('only');
    expect(book.version()).toBe(3);
  });

  it('drops the oldest lines past the bound and keeps the newest', () => {
    const book = createWorkingMemory();
    for (let line = 0; line < WORKING_MEMORY_LIMITS.scratchpadLines + 5; line += 1)
      book.writeScratchpad(`line ${line}`, 'append');
    const { scratchpad, droppedLines } = book.snapshot();
    expect(droppedLines).toBe(5);
    expect(scratchpad.split('\n')).toHaveLength(WORKING_MEMORY_LIMITS.scratchpadLines);
    expect(scratchpad.endsWith(`line ${WORKING_MEMORY_LIMITS.scratchpadLines + 4}`)).toBe(true);
    expect(keepNewestLines('y'.repeat(9_000)).text).toHaveLength(
      WORKING_MEMORY_LIMITS.scratchpadChars,
    );
  });

  it('refuses a 1 MB write whole, keeping the notes it had', () => {
    const book = createWorkingMemory();
    book.writeScratchpad('keep me', 'append');
    const write = book.writeScratchpad('z'.repeat(1024 * 1024), 'replace');
    expect(write).toMatchObject({ ok: false, code: 'SCRATCHPAD_TOO_LARGE' });
    expect(book.snapshot().scratchpad).toBe('keep me');
    expect(book.version()).toBe(1);
  });

  it('pages the ledger by status and reports the next offset', () => {
    const book = createWorkingMemory();
    book.updateRows(
      Array.from({ length: 12 }, (_, index) => ({
        id: `r${index}`,
        status: index % 2 === 0 ? ('processed' as const) : ('pending' as const),
      })),
    );
    const first = book.readRows({ offset: 0, limit: 4, status: 'processed' });
    expect(first.rows.map((row) => row.id)).toEqual(['r0', 'r2', 'r4', 'r6']);
    expect(first).toMatchObject({ total: 6, nextOffset: 4 });
    expect(book.readRows({ offset: 4, limit: 4, status: 'processed' }).nextOffset).toBeNull();
    expect(book.openRows()).toHaveLength(6);
  });

  it('starts from a stored record, and from empty when the record is not valid', () => {
    const saved = {
      scratchpad: 'n',
      droppedLines: 0,
      rows: [{ id: 'a', status: 'acted', fields: [] }],
    };
    expect(createWorkingMemory({ memory: saved }).openRows()).toHaveLength(1);
    expect(createWorkingMemory({ memory: { rows: 'bad' } }).snapshot()).toEqual({
      scratchpad: '',
      droppedLines: 0,
      rows: [],
    });
    // What the book holds always fits the stored schema.
    expect(
      WorkingMemorySchema.safeParse(createWorkingMemory({ memory: saved }).snapshot()).success,
    ).toBe(true);
  });
});

describe('the pinned working-memory note', () => {
  it('is absent while nothing was written', () => {
    expect(workingMemoryNote(createWorkingMemory().snapshot())).toBeNull();
  });

  it('lists open rows up to a bound and counts the rest', () => {
    const book = createWorkingMemory();
    book.writeScratchpad('Grand total so far: 30', 'append');
    book.updateRows(
      Array.from({ length: PINNED_OPEN_ROWS + 3 }, (_, index) => ({
        id: `r${index}`,
        status: 'pending' as const,
        fields: index === 0 ? [{ name: 'total', value: '10' }] : [],
      })),
    );
    const note = workingMemoryNote(book.snapshot()) ?? '';
    expect(note.startsWith('[Working memory]')).toBe(true);
    expect(note).toContain('Grand total so far: 30');
    expect(note).toContain('- r0 [pending] total=10');
    expect(note).not.toContain(`- r${PINNED_OPEN_ROWS} `);
    expect(note).toContain('(3 more open rows: use progress_read.)');
  });
});

describe('when a run is a long task', () => {
  it('is long with a plan, with memory written, or from a round on', () => {
    const none = { hasPlan: false, hasMemory: false, round: 1 };
    expect(isLongTask(none)).toBe(false);
    expect(isLongTask({ ...none, hasPlan: true })).toBe(true);
    expect(isLongTask({ ...none, hasMemory: true })).toBe(true);
    expect(isLongTask({ ...none, round: LONG_TASK_ROUND - 1 })).toBe(false);
    expect(isLongTask({ ...none, round: LONG_TASK_ROUND })).toBe(true);
  });
});
