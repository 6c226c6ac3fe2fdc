// /clear: an empty chat with nothing attached. Chats are never deleted from here;
// the one on screen stays in the chat list (Delete is in the chat menu).
import type { SlashCommand } from './slash-command';

export const clearCommand: SlashCommand = {
  name: 'clear',
  usage: '/clear',
  summary: 'Clear the screen: an empty chat, nothing attached',
  takesArgument: false,
  async run(_argument, context) {
    await context.clear();
    return { tone: 'info', text: 'Cleared. The previous chat is still in the chat list.' };
  },
};
