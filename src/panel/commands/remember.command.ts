// /remember <text>: stores what the person says as an explicit global memory;
// `/remember --site <text>` scopes it to the served page's site.
import type { SlashCommand } from './slash-command';
import { refused } from './slash-command';

export const rememberCommand: SlashCommand = {
  name: 'remember',
  usage: '/remember [--site] <text>',
  summary: 'Remember something about you for later chats',
  takesArgument: true,
  async run(argument, context) {
    const isSite = /^--site(?:\s|$)/.test(argument);
    const text = isSite ? argument.replace(/^--site\s*/, '') : argument;
    if (text === '')
      return { tone: 'error', text: 'Say what to remember, e.g. /remember I prefer metric units.' };
    const origin = isSite ? context.siteOrigin() : 'global';
    if (origin === null)
      return {
        tone: 'error',
        text: 'This page has no site to remember it for. Use /remember without --site.',
      };
    const result = await context.memory.request('memory/remember', { text, scope: origin });
    if (!result.ok) return refused(result.error);
    const { record, stored } = result.data;
    const where = record.scope === 'global' ? 'for every chat' : `on ${record.scope}`;
    return {
      tone: 'info',
      text: stored
        ? `Remembered ${where}: \u201c${record.text}\u201d (id ${record.id}).`
        : `Already remembered ${where}: \u201c${record.text}\u201d (id ${record.id}).`,
    };
  },
};
