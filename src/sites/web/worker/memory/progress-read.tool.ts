// `progress_read`: pages through the ledger, optionally by status. The pinned note
// lists only the open rows; this is how the model sees the rest.
import {
  LedgerStatusSchema,
  WORKING_MEMORY_LIMITS as LIMITS,
} from '../../../../shared/protocol/working-memory';
import { z } from '../../../../shared/schema/zod';
import { counted, defineTool } from '../../../../worker/tools/define-tool';
import { NO_MEMORY, memoryOf } from './memory-tool-support';

export const progressReadTool = defineTool({
  name: 'progress_read',
  description: 'Read task ledger rows, a page at a time.',
  arguments: z.strictObject({
    offset: z.number().int().min(0).max(LIMITS.rows).optional(),
    limit: z.number().int().min(1).max(LIMITS.pageRows).optional(),
    status: LedgerStatusSchema.optional(),
  }),
  effect: 'read',
  approval: 'automatic',
  modes: ['act', 'dev'],
  offer: 'long-task',
  activity: (_args, outcome) => (outcome?.ok ? 'Read the checklist' : 'Reading the checklist'),
  async execute({ offset, limit, status }, context) {
    const memory = memoryOf(context);
    if (!memory) return NO_MEMORY;
    const page = memory.readRows({ offset: offset ?? 0, limit: limit ?? 20, status });
    return {
      ok: true,
      result: {
        rows: page.rows.map((row) => ({
          id: row.id,
          status: row.status,
          fields: row.fields.map((field) => ({ ...field })),
        })),
        total: page.total,
        next_offset: page.nextOffset,
      },
      summary: `Read ${counted(page.rows.length, 'checklist item')} of ${page.total}.`,
    };
  },
});
