// `scratchpad_write`: short notes the model keeps for itself across a long task (ids,
// totals, what is left). They are pinned near the top of every later request and
// survive compaction; the pad is bounded and drops its oldest lines first. A write too
// large to keep (a page pasted in) is refused whole, and the pad stays as it was.
import { z } from '../../../../shared/schema/zod';
import { defineTool } from '../../../../worker/tools/define-tool';
import { NO_MEMORY, memoryOf, refused } from './memory-tool-support';

export const scratchpadWriteTool = defineTool({
  name: 'scratchpad_write',
  description: 'Keep short notes for this task (pinned in every later step).',
  // No length bound here: the book refuses an oversized write with its own code.
  arguments: z.strictObject({
    text: z.string(),
    mode: z.enum(['append', 'replace']),
  }),
  effect: 'read',
  approval: 'automatic',
  modes: ['act', 'dev'],
  offer: 'long-task',
  activity: ({ mode }, outcome) =>
    outcome?.ok === false
      ? 'Notes not written'
      : mode === 'replace'
        ? 'Rewrote its notes'
        : 'Added to its notes',
  async execute({ text, mode }, context) {
    const memory = memoryOf(context);
    if (!memory) return NO_MEMORY;
    const write = memory.writeScratchpad(text, mode);
    if (!write.ok)
      return refused(
        write,
        `The agent tried to keep ${text.length.toLocaleString('en')} characters of notes; nothing was written.`,
      );
    return {
      ok: true,
      result: {
        chars: write.chars,
        ...(write.droppedLines > 0
          ? { dropped_lines: write.droppedLines, note: 'The oldest lines were dropped to fit.' }
          : {}),
      },
      summary:
        write.droppedLines > 0
          ? `Notes updated; ${write.droppedLines} oldest lines dropped to fit.`
          : 'Notes updated.',
    };
  },
});
