// Runs a composer line that starts with a slash. Whatever happens, nothing is sent
// to the model: an unknown command says so, and a failing one says what went wrong.
import { SLASH_COMMANDS } from './command-registry';
import { parseCommand, type CommandContext, type CommandOutput } from './slash-command';

/** True when the composer text is a command line, not a message. */
export const isCommandText = (text: string): boolean => parseCommand(text) !== null;

/** Runs the command `text` names. */
export async function runCommandText(
  text: string,
  context: CommandContext,
  commands = SLASH_COMMANDS,
): Promise<CommandOutput> {
  const parsed = parseCommand(text);
  const command = parsed && commands.find((candidate) => candidate.name === parsed.name);
  if (!parsed || !command) {
    const name = parsed?.name ? `/${parsed.name}` : '/';
    return {
      tone: 'error',
      text: `${name} is not a command. Nothing was sent. Type / to see the commands.`,
    };
  }
  try {
    return await command.run(parsed.argument, context);
  } catch {
    return { tone: 'error', text: `/${command.name} did not finish. Try again.` };
  }
}
