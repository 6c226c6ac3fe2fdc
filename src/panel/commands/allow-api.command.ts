// ## Owns
// /allow-api [site] and /allow-api off: the person's leave, kept with this chat, for
// the agent's network writes (POST, PUT, PATCH, DELETE). Without a site it covers any
// site the agent may reach; each write still asks with its body shown.
import type { ApiWrites } from '../../shared/protocol/chat-records';
import { formErrorText } from '../errors/error-text';
import { MAX_ORIGINS, apiWritesText, originOfTyped } from './api-writes-words';
import type { SlashCommand } from './slash-command';

export const allowApiCommand: SlashCommand = {
  name: 'allow-api',
  usage: '/allow-api [site] | off',
  summary: 'Let the agent send changes to servers in this chat; each one still asks',
  takesArgument: false,
  async run(argument, context) {
    const access = context.apiWrites?.() ?? null;
    if (access === null)
      return { tone: 'error', text: 'Open or start a chat first; the leave is kept with it.' };
    const typed = argument.trim();
    if (typed.toLowerCase() === 'off') {
      const error = await access.save(null);
      if (error) return { tone: 'error', text: formErrorText(error) };
      return { tone: 'info', text: 'Network writes are no longer allowed in this chat.' };
    }
    let next: ApiWrites = { origins: [] };
    if (typed !== '') {
      const origins: string[] = [];
      for (const word of typed.split(/[\s,]+/)) {
        const origin = originOfTyped(word);
        if (origin === null)
          return {
            tone: 'error',
            text: `\u201c${word}\u201d is not a site. Type /allow-api api.example.com, /allow-api for any site, or /allow-api off.`,
          };
        if (!origins.includes(origin)) origins.push(origin);
      }
      // A chat that allowed some sites keeps them when another one is added.
      const kept = access.current?.origins ?? [];
      const merged = access.current && kept.length === 0 ? [] : [...new Set([...kept, ...origins])];
      if (merged.length > MAX_ORIGINS)
        return { tone: 'error', text: `One chat allows at most ${MAX_ORIGINS} sites.` };
      next = { origins: merged };
    }
    const error = await access.save(next);
    if (error) return { tone: 'error', text: formErrorText(error) };
    return {
      tone: 'info',
      text: `${apiWritesText(next)}. Each POST, PUT, PATCH or DELETE still asks you, with what it sends. /allow-api off takes this back.`,
    };
  },
};
