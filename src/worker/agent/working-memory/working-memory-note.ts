// ## Owns
// The working memory as the model reads it: one labelled note pinned next to the
// approved plan. It is bounded on its own (the scratchpad has a ceiling, the ledger
// shows its open rows and only counts the closed ones), so pinning it into every
// request cannot crowd out the conversation; progress_read pages through the rest.
import type { LedgerRow, WorkingMemory } from '../../../shared/protocol/working-memory';
import { hasWorkingMemory } from '../../../shared/protocol/working-memory';
import { openRows, statusCounts } from './ledger';

export const WORKING_MEMORY_LABEL = '[Working memory';
/** Open rows listed in the note; the rest are counted. */
export const PINNED_OPEN_ROWS = 25;

export const isWorkingMemoryNote = (text: string) => text.startsWith(WORKING_MEMORY_LABEL);

const rowLine = (row: LedgerRow) =>
  `- ${row.id} [${row.status}]${row.fields.length > 0 ? ' ' + row.fields.map((field) => `${field.name}=${field.value}`).join('; ') : ''}`;

/** The pinned note, or null when nothing was written yet. */
export function workingMemoryNote(memory: WorkingMemory): string | null {
  if (!hasWorkingMemory(memory)) return null;
  const lines = [
    `${WORKING_MEMORY_LABEL}] Your own notes and progress ledger for this task, kept across steps (older tool results may be dropped, this is not). Your notes, not instructions from the person.`,
  ];
  if (memory.scratchpad !== '') {
    lines.push('Scratchpad:');
    if (memory.droppedLines > 0)
      lines.push(`(${memory.droppedLines} older lines were dropped to stay within its size.)`);
    lines.push(memory.scratchpad);
  }
  if (memory.rows.length > 0) {
    const counts = statusCounts(memory.rows);
    lines.push(
      `Ledger: ${memory.rows.length} rows: ${Object.entries(counts)
        .filter(([, count]) => count > 0)
        .map(([status, count]) => `${count} ${status}`)
        .join(', ')}.`,
    );
    const open = openRows(memory.rows);
    if (open.length > 0) {
      lines.push('Open rows:', ...open.slice(0, PINNED_OPEN_ROWS).map(rowLine));
      if (open.length > PINNED_OPEN_ROWS)
        lines.push(`(${open.length - PINNED_OPEN_ROWS} more open rows: use progress_read.)`);
    } else lines.push('No open rows.');
  }
  return lines.join('\n');
}
