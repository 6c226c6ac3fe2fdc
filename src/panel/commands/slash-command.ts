// ## Owns
// The slash-command contract: what a command is (a name, how to use it, one line on
// what it does, and what it does), what it may reach in the panel, and what it says
// back. Commands run in the panel; their text never reaches the model as a prompt.
import type { AgentMode } from '../../shared/protocol/agent-modes';
import type { ProtocolError } from '../../shared/protocol/envelope';
import type { MemoryRecord } from '../../shared/protocol/memory-messages';
import type { ApiWrites } from '../../shared/protocol/chat-records';
import type { ResultFormat } from '../../shared/protocol/result-format';
import type { Client } from '../../shared/protocol/client';
import type { RequestChannel } from '../../shared/protocol/define-channel';
import type { memoryRequestMethods } from '../../shared/protocol/memory-messages';
import type { skillRequestMethods } from '../../shared/protocol/skill-messages';
import type { jobRequestMethods } from '../../shared/protocol/job-messages';
import { formErrorText } from '../errors/error-text';

/** A client for the `memory/*` methods. */
export type MemoryClient = Client<RequestChannel<typeof memoryRequestMethods>>;
/** A client for the `skills/*` methods. */
export type SkillClient = Client<RequestChannel<typeof skillRequestMethods>>;

/** A client for the `jobs/*` methods (scheduled tasks). */
export type JobsClient = Client<RequestChannel<typeof jobRequestMethods>>;

/** What a command can reach: memory, the served page, the chat's mode and the chat. */
export interface CommandContext {
  readonly memory: MemoryClient;
  /** Skills (/skills); absent where the panel offers none. */
  readonly skills?: SkillClient;
  /** Scheduled tasks (/schedule). */
  readonly jobs: JobsClient;
  /** The served page's http(s) origin (site-scoped memory), or null. */
  readonly siteOrigin: () => string | null;
  /** The composer's agent-mode control, or null where the site has none. */
  readonly agentMode: (() => AgentModeAccess | null) | undefined;
  /** What the header's New chat button does. */
  readonly newChat: () => Promise<void>;
  /** Starts an empty chat and clears the composer's attachments and command output. */
  readonly clear: () => Promise<void>;
  /** The shown chat's leave for network writes (/allow-api); absent where no chat is shown. */
  readonly apiWrites?: () => ApiWritesAccess | null;
  /** The JSON format the next message asks for (/json); absent where the panel offers none. */
  readonly resultFormat?: () => ResultFormatAccess | null;
}

/** The composer's JSON format for the next message, as /json reaches it. */
export interface ResultFormatAccess {
  readonly current: ResultFormat | null;
  readonly set: (format: ResultFormat | null) => void;
}

/** The shown chat's leave for network writes, as /allow-api reaches it. */
export interface ApiWritesAccess {
  readonly current: ApiWrites | undefined;
  /** Saves (or with null removes) the leave; a refusal is returned. */
  readonly save: (apiWrites: ApiWrites | null) => Promise<ProtocolError | null>;
}

/** The agent-mode control's own logic, as commands reach it. */
export interface AgentModeAccess {
  readonly mode: AgentMode;
  readonly isDevAvailable: boolean;
  readonly choose: (mode: AgentMode) => Promise<void>;
}

/** What a command says back, shown in the chat as a local note (never sent). */
export interface CommandOutput {
  readonly tone: 'info' | 'error';
  readonly text: string;
  /** Records to list under the text (/show-memory). */
  readonly records?: readonly MemoryRecord[];
  /** Plain lines to list under the text (/skills). */
  readonly lines?: readonly string[];
  /**
   * Words the person typed after the command, to send to the agent as their own
   * message once the note is shown (/schedule <what and when>).
   */
  readonly send?: string;
}

/** One slash command. Adding one is a file plus one line in command-registry.ts. */
export interface SlashCommand {
  /** Without the slash, kebab-case. */
  readonly name: string;
  /** How to type it, e.g. `/remember <text>`. */
  readonly usage: string;
  readonly summary: string;
  /** Whether it needs text after its name (the palette then fills it in, not runs it). */
  readonly takesArgument: boolean;
  readonly run: (argument: string, context: CommandContext) => Promise<CommandOutput>;
}

/** The output for a refused request: the worker's words for the person, never a code. */
export const refused = (error: ProtocolError): CommandOutput => ({
  tone: 'error',
  text: formErrorText(error),
});

/** A command line split into its name and the rest; null when the text is no command. */
export function parseCommand(text: string): { name: string; argument: string } | null {
  const match = /^\/([^\s/]*)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match || !text.trimStart().startsWith('/')) return null;
  return { name: (match[1] ?? '').toLowerCase(), argument: (match[2] ?? '').trim() };
}
