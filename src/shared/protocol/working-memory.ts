// ## Owns
// The working memory of a long web run as it is stored with the answer and shown in
// the panel: the scratchpad (notes the model keeps for itself) and the progress
// ledger (one row per item of the task, with its status and a few fields). The
// approved plan sits beside it on the turn (chat-records.ts `plan`). The worker's
// working-memory module is the only writer; this schema is the bound.
import { z } from '../schema/zod';
import { boundedArray, boundedString, nonEmptyString } from '../schema/bounded';

export const WORKING_MEMORY_LIMITS = {
  /** What the scratchpad keeps; older lines go first when a write passes it. */
  scratchpadChars: 4_000,
  scratchpadLines: 80,
  /** One write the tool accepts at all; past it nothing is written. */
  writeChars: 16_000,
  rows: 200,
  idChars: 80,
  fields: 8,
  fieldNameChars: 40,
  fieldValueChars: 200,
  /** Rows one progress_update may change. */
  rowsPerUpdate: 25,
  /** Rows one progress_read page returns at most. */
  pageRows: 50,
} as const;

/**
 * Where a row stands: `pending` (not started), `acted` (something was done, not yet
 * confirmed), or closed: `processed`, `skipped`, `failed`.
 */
export const LedgerStatusSchema = z.enum(['pending', 'acted', 'processed', 'skipped', 'failed']);
export type LedgerStatus = z.infer<typeof LedgerStatusSchema>;

/** Statuses that lock a row until it is reopened. */
export const CLOSED_STATUSES: readonly LedgerStatus[] = ['processed', 'skipped', 'failed'];
export const isClosedStatus = (status: LedgerStatus) => CLOSED_STATUSES.includes(status);

export const LedgerFieldSchema = z.strictObject({
  name: nonEmptyString(WORKING_MEMORY_LIMITS.fieldNameChars),
  value: boundedString(WORKING_MEMORY_LIMITS.fieldValueChars),
});
export type LedgerField = z.infer<typeof LedgerFieldSchema>;

export const LedgerRowSchema = z.strictObject({
  id: nonEmptyString(WORKING_MEMORY_LIMITS.idChars),
  status: LedgerStatusSchema,
  fields: boundedArray(LedgerFieldSchema, WORKING_MEMORY_LIMITS.fields),
});
export type LedgerRow = z.infer<typeof LedgerRowSchema>;

export const WorkingMemorySchema = z.strictObject({
  scratchpad: boundedString(WORKING_MEMORY_LIMITS.scratchpadChars),
  /** Scratchpad lines dropped so far to stay within the bound. */
  droppedLines: z.number().int().min(0),
  rows: boundedArray(LedgerRowSchema, WORKING_MEMORY_LIMITS.rows),
});
export type WorkingMemory = z.infer<typeof WorkingMemorySchema>;

export const EMPTY_WORKING_MEMORY: WorkingMemory = Object.freeze({
  scratchpad: '',
  droppedLines: 0,
  rows: [],
}) as WorkingMemory;

/** Whether anything was written (an empty memory is neither pinned nor shown). */
export const hasWorkingMemory = (memory: WorkingMemory) =>
  memory.scratchpad !== '' || memory.rows.length > 0;
