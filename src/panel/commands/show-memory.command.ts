// /show-memory: lists the active memory records in the chat, as a local note.
import type { SlashCommand } from './slash-command';
import { refused } from './slash-command';

export const showMemoryCommand: SlashCommand = {
  name: 'show-memory',
  usage: '/show-memory',
  summary: 'Show what Side Agent remembers about you',
  takesArgument: false,
  async run(_argument, context) {
    const result = await context.memory.request('memory/list', {});
    if (!result.ok) return refused(result.error);
    const records = result.data.records.filter((record) => record.archivedAt === null);
    const off = result.data.settings.enabled
      ? ''
      : ' Memory is turned off in Settings → Memory, so chats do not use it.';
    if (records.length === 0)
      return {
        tone: 'info',
        text: `Nothing is remembered yet. Add something with /remember <text>.${off}`,
      };
    return {
      tone: 'info',
      text: `${records.length === 1 ? 'One memory' : `${records.length} memories`}. Forget one with /forget-memory <id>.${off}`,
      records,
    };
  },
};
