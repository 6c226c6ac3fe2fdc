// `progress_update`: the progress ledger of a long task, one row per item (a message
// to answer, a product to check), each pending, acted, processed, skipped or failed,
// with a few fields. The whole update applies or none of it does (ledger.ts): ids
// that collide, closed rows changed without `reopen`, or a full ledger are refused
// with a code, and the ledger stays as it was.
import {
  LedgerStatusSchema,
  WORKING_MEMORY_LIMITS as LIMITS,
} from '../../../../shared/protocol/working-memory';
import { z } from '../../../../shared/schema/zod';
import { counted, defineTool } from '../../../../worker/tools/define-tool';
import { statusCounts } from '../../../../worker/agent/working-memory/ledger';
import { NO_MEMORY, memoryOf, refused } from './memory-tool-support';

const Row = z.strictObject({
  id: z.string().min(1).max(LIMITS.idChars),
  status: LedgerStatusSchema,
  fields: z
    .array(
      z.strictObject({
        name: z.string().min(1).max(LIMITS.fieldNameChars),
        value: z.string().max(LIMITS.fieldValueChars),
      }),
    )
    .max(LIMITS.fields)
    .optional(),
  reopen: z.boolean().optional().describe('Needed to change a closed row.'),
});

export const progressUpdateTool = defineTool({
  name: 'progress_update',
  description:
    'Add or update rows of the task ledger by id. processed, skipped and failed rows are closed.',
  arguments: z.strictObject({ rows: z.array(Row).min(1).max(LIMITS.rowsPerUpdate) }),
  effect: 'read',
  approval: 'automatic',
  modes: ['act', 'dev'],
  offer: 'long-task',
  activity: ({ rows }, outcome) =>
    outcome?.ok === false
      ? 'Checklist not changed'
      : `Updated the checklist (${counted(rows.length, 'item')})`,
  async execute({ rows }, context) {
    const memory = memoryOf(context);
    if (!memory) return NO_MEMORY;
    const change = memory.updateRows(rows);
    if (!change.ok) return refused(change, `Checklist not changed: ${change.message}`);
    const counts = statusCounts(change.rows);
    return {
      ok: true,
      result: { added: change.added, changed: change.changed, total: change.rows.length, counts },
      summary: `Checklist: ${change.added} added, ${change.changed} changed; ${counts.processed} processed of ${change.rows.length}.`,
    };
  },
});
