// /forget-memory <id>: archives a record, so no later request carries it.
import type { SlashCommand } from './slash-command';
import { refused } from './slash-command';

export const forgetMemoryCommand: SlashCommand = {
  name: 'forget-memory',
  usage: '/forget-memory <id>',
  summary: 'Forget one memory by its id',
  takesArgument: true,
  async run(argument, context) {
    const id = argument.trim();
    if (!/^[A-Za-z0-9._:-]{1,128}$/.test(id))
      return {
        tone: 'error',
        text: 'Say which memory to forget, e.g. /forget-memory m1a2b3. /show-memory lists the ids.',
      };
    const result = await context.memory.request('memory/forget', { id });
    if (!result.ok) return refused(result.error);
    return { tone: 'info', text: `Forgot \u201c${result.data.record.text}\u201d (id ${id}).` };
  },
};
