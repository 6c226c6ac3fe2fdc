// ## Owns
// /json <format> and /json off: the JSON the next message's answer must hand back,
// as a field list (`name, price:number`, in [ ] for a list of them) or a JSON Schema.
// It waits in the composer as a chip until Send, goes with that one message, and
// the worker checks the answer's data against it.
import { parseResultFormat } from '../../shared/result-format/parse-format';
import type { SlashCommand } from './slash-command';

const USAGE =
  'Type /json name, price:number for one object, /json [name, price:number] for a list of them, or paste a JSON Schema.';

export const jsonCommand: SlashCommand = {
  name: 'json',
  usage: '/json <fields or JSON Schema> | off',
  summary: 'Ask for the next answer as JSON in your format, checked before you see it',
  takesArgument: true,
  async run(argument, context) {
    const access = context.resultFormat?.() ?? null;
    if (access === null)
      return {
        tone: 'error',
        text: 'Open or start a chat first; the format goes with your next message.',
      };
    const typed = argument.trim();
    if (typed.toLowerCase() === 'off') {
      const had = access.current !== null;
      access.set(null);
      return {
        tone: 'info',
        text: had ? 'The next message asks for a plain answer again.' : 'No JSON format was set.',
      };
    }
    if (typed === '') return { tone: 'error', text: USAGE };
    const parsed = parseResultFormat(typed);
    if (!parsed.ok) return { tone: 'error', text: `${parsed.message} ${USAGE}` };
    access.set(parsed.format);
    return {
      tone: 'info',
      text: `Your next message asks for JSON: ${parsed.format.label}. The answer's data is checked against it and shown with a Copy button. /json off removes it.`,
    };
  },
};
