// The slash-command registry. Adding a command is its file plus one line here.
import { allowApiCommand } from './allow-api.command';
import { clearCommand } from './clear.command';
import { forgetMemoryCommand } from './forget-memory.command';
import { jsonCommand } from './json.command';
import { modeCommand } from './mode.command';
import { newCommand } from './new.command';
import { rememberCommand } from './remember.command';
import { scheduleCommand } from './schedule.command';
import { showMemoryCommand } from './show-memory.command';
import { skillsCommand } from './skills.command';
import type { SlashCommand } from './slash-command';

/** Every command, in the palette's order. */
export const SLASH_COMMANDS: readonly SlashCommand[] = [
  rememberCommand,
  showMemoryCommand,
  forgetMemoryCommand,
  modeCommand,
  skillsCommand,
  newCommand,
  clearCommand,
  scheduleCommand,
  allowApiCommand,
  jsonCommand,
];

/** The commands whose name starts with `typed` (then those that contain it). */
export function matchCommands(typed: string, commands = SLASH_COMMANDS): SlashCommand[] {
  const query = typed.toLowerCase();
  const starts = commands.filter((command) => command.name.startsWith(query));
  const contains = commands.filter(
    (command) => !command.name.startsWith(query) && command.name.includes(query),
  );
  return [...starts, ...contains];
}
