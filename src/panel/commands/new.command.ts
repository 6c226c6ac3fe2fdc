// /new: what the header's New chat button does.
import type { SlashCommand } from './slash-command';

export const newCommand: SlashCommand = {
  name: 'new',
  usage: '/new',
  summary: 'Start a new chat (this one stays in the chat list)',
  takesArgument: false,
  async run(_argument, context) {
    await context.newChat();
    return { tone: 'info', text: 'Started a new chat.' };
  },
};
