// ## Owns
// Turning a stored chat into the provider conversation, pure:
// - one trusted system message (system-prompt.ts), never with untrusted data;
// - per exchange one user message whose labelled parts are, in order: notes about
//   the previous response (tool record, editor state, status), the file identity
//   of this message, its attachments, then the question. So each retained user
//   turn keeps its own file identity right before it, attachments sit next to the
//   question they belong to, and the prefix of older exchanges never changes when
//   a new message attaches something (so a provider's prompt cache keeps working);
// - the assistant's answer text (reasoning is never replayed: it is long, private to
//   the model, and would crowd out the conversation);
// - no mid-conversation system messages: notes are user parts.
// Compaction is token-budgeted (context-budget.ts): at 75% of the context window it
// keeps the system prompt, the first user task, an extractive summary of the
// middle and as many recent exchanges as fit (and at most `historyTurnLimit` turns).
// The latest approved plan is pinned in the current user message and counted as
// fixed, so no cut drops it; a plan approved during the run replaces it there
// (context-plan.ts).
import type {
  AssistantTurn,
  ChatTurn,
  FileIdentity,
  UserTurn,
} from '../../shared/protocol/chat-records';
import type { AgentMode } from '../../shared/protocol/agent-modes';
import type { RunAttachment } from '../../shared/protocol/run-messages';
import type { ModelMessage, UserContentPart } from '../providers/model-adapter';
import { tokensOfMessage, tokensOfText } from './context-budget';
import {
  NO_VISION_NOTE,
  currentSelectionNotes,
  editorStateNotes,
  fileContextNote,
  importedMessageNote,
  resultNote,
  statusNote,
  storedAttachmentNotes,
  summaryNote,
  toolRecordNote,
} from './context-notes';
import { latestPlanNote } from './context-plan';
import { COMPACTION_RATIO, MAX_SUMMARY_CHARS } from './run-limits';
import { buildSystemPrompt } from './system-prompt';

export interface ContextInput {
  /** The run site's built-in system prompt (trusted). */
  readonly sitePrompt: string;
  /** The chat's agent mode (its rules join the system prompt); null or absent without modes. */
  readonly mode?: AgentMode | null;
  /** Fence language for quoted selections ('' for none). */
  readonly selectionLanguage: string;
  readonly customSystemPrompt: string;
  /** The chat up to and including the current user turn (the last user turn). */
  readonly turns: readonly ChatTurn[];
  /** The current turn's attachments as sent (images in full). */
  readonly attachments: readonly RunAttachment[];
  /** The file at Send, used when the current user turn stores none. */
  readonly runFile: FileIdentity | null;
  readonly supportsVision: boolean;
  readonly contextWindow: number;
  readonly historyTurnLimit: number;
  /** Estimated tokens of the tool schemas sent with every request. */
  readonly toolTokens?: number;
}

export interface BuiltContext {
  readonly messages: ModelMessage[];
  /** Exchanges folded into the summary (0: no compaction). */
  readonly compactedExchanges: number;
  readonly estimatedTokens: number;
  readonly budgetTokens: number;
}

interface Exchange {
  readonly user: UserTurn | null;
  readonly assistants: AssistantTurn[];
}

interface Rendered {
  readonly parts: UserContentPart[];
  readonly assistant: ModelMessage | null;
  /** Notes about this exchange's responses, placed at the start of the next user message. */
  readonly carry: string[];
  readonly tokens: number;
  readonly turns: number;
}

const MAX_IMAGES = 4;
const text = (value: string): UserContentPart => ({ type: 'text', text: value });

function splitExchanges(turns: readonly ChatTurn[]): Exchange[] {
  const exchanges: Exchange[] = [];
  for (const turn of turns) {
    if (turn.role === 'user') exchanges.push({ user: turn, assistants: [] });
    else if (exchanges.length === 0) exchanges.push({ user: null, assistants: [turn] });
    else exchanges[exchanges.length - 1]?.assistants.push(turn);
  }
  return exchanges;
}

function imageParts(
  attachments: readonly RunAttachment[],
  supportsVision: boolean,
): UserContentPart[] {
  const images = attachments.filter((attachment) => attachment.kind === 'image');
  if (images.length === 0) return [];
  if (!supportsVision) return [text(NO_VISION_NOTE)];
  return images.slice(0, MAX_IMAGES).flatMap((image): UserContentPart[] => {
    const match = /^data:(image\/(?:png|jpeg|webp));base64,(.*)$/.exec(image.dataUrl);
    return match?.[1] !== undefined && match[2] !== undefined
      ? [{ type: 'image', mediaType: match[1], base64: match[2] }]
      : [];
  });
}

function render(exchange: Exchange, isCurrent: boolean, input: ContextInput): Rendered {
  const parts: UserContentPart[] = [];
  if (exchange.user) {
    const file = exchange.user.file ?? (isCurrent ? input.runFile : null);
    if (file) parts.push(text(fileContextNote(file)));
    if (isCurrent)
      parts.push(
        ...currentSelectionNotes(input.attachments, input.selectionLanguage).map(text),
        ...imageParts(input.attachments, input.supportsVision),
      );
    else
      parts.push(
        ...storedAttachmentNotes(exchange.user.attachments, input.selectionLanguage).map(text),
      );
    // An imported chat's messages came from a file, not from the person typing here:
    // they are replayed as labelled data, never in the person's own voice.
    parts.push(
      text(exchange.user.imported ? importedMessageNote(exchange.user.text) : exchange.user.text),
    );
  }
  const answer = exchange.assistants
    .flatMap((turn) =>
      turn.segments.flatMap((segment) => (segment.kind === 'text' ? [segment.text] : [])),
    )
    .join('\n\n');
  const assistant: ModelMessage | null =
    exchange.assistants.length > 0 ? { role: 'assistant', text: answer } : null;
  const carry = exchange.assistants.flatMap((turn) =>
    [statusNote(turn), toolRecordNote(turn), resultNote(turn), ...editorStateNotes(turn)].filter(
      (note): note is string => note !== null,
    ),
  );
  const userTokens = parts.length > 0 ? tokensOfMessage({ role: 'user', content: parts }) : 0;
  const tokens =
    userTokens +
    (assistant ? tokensOfMessage(assistant) : 0) +
    carry.reduce((sum, note) => sum + tokensOfText(note), 0);
  return {
    parts,
    assistant,
    carry,
    tokens,
    turns: (exchange.user ? 1 : 0) + exchange.assistants.length,
  };
}

/** Adds `message`, merging it into a preceding user message (providers want alternation). */
function push(messages: ModelMessage[], message: ModelMessage) {
  const last = messages.at(-1);
  if (message.role === 'user' && last?.role === 'user')
    messages[messages.length - 1] = {
      role: 'user',
      content: [...last.content, ...message.content],
    };
  else if (message.role === 'assistant' && last?.role === 'assistant')
    messages[messages.length - 1] = {
      role: 'assistant',
      text: [last.text, message.text].filter((value) => value !== '').join('\n\n'),
    };
  else messages.push(message);
}

/** Index of the first exchange kept verbatim after the first one; 0 keeps everything. */
function chooseCut(
  rendered: readonly Rendered[],
  fixedTokens: number,
  budget: number,
  turnLimit: number,
): number {
  const count = rendered.length;
  const suffixTokens = new Array<number>(count + 1).fill(0);
  const suffixTurns = new Array<number>(count + 1).fill(0);
  for (let index = count - 1; index >= 0; index -= 1) {
    suffixTokens[index] = (suffixTokens[index + 1] ?? 0) + (rendered[index]?.tokens ?? 0);
    suffixTurns[index] = (suffixTurns[index + 1] ?? 0) + (rendered[index]?.turns ?? 0);
  }
  if (fixedTokens + (suffixTokens[0] ?? 0) <= budget && (suffixTurns[0] ?? 0) <= turnLimit)
    return 0;
  if (count <= 2) return 0;
  const first = rendered[0];
  const firstTask =
    first && first.parts.length > 0 ? tokensOfMessage({ role: 'user', content: first.parts }) : 0;
  const summaryBound = Math.ceil(MAX_SUMMARY_CHARS / 4);
  for (let cut = 1; cut < count - 1; cut += 1) {
    if (
      fixedTokens + firstTask + summaryBound + (suffixTokens[cut] ?? 0) <= budget &&
      (suffixTurns[cut] ?? 0) <= turnLimit
    )
      return cut;
  }
  return count - 1;
}

/** Builds the provider conversation for the current user turn. */
export function buildContext(input: ContextInput): BuiltContext {
  const system: ModelMessage = {
    role: 'system',
    text: buildSystemPrompt(input.sitePrompt, input.customSystemPrompt, input.mode ?? null),
  };
  const exchanges = splitExchanges(input.turns);
  const rendered = exchanges.map((exchange, index) =>
    render(exchange, index === exchanges.length - 1, input),
  );
  const budgetTokens = Math.floor(input.contextWindow * COMPACTION_RATIO);
  const planNote = latestPlanNote(input.turns);
  const fixedTokens =
    tokensOfMessage(system) + (input.toolTokens ?? 0) + (planNote ? tokensOfText(planNote) : 0);
  const cut = chooseCut(rendered, fixedTokens, budgetTokens, Math.max(4, input.historyTurnLimit));

  const messages: ModelMessage[] = [system];
  let carried: string[] = [];
  rendered.forEach((exchange, index) => {
    if (cut > 0 && index > 0 && index < cut) return;
    if (cut > 0 && index === 0) {
      // The first task stays verbatim; its answer goes into the summary.
      if (exchange.parts.length > 0) push(messages, { role: 'user', content: exchange.parts });
      return;
    }
    const lead = cut > 0 && index === cut ? [summaryNote(exchanges.slice(0, cut))] : carried;
    const pinned = planNote !== null && index === rendered.length - 1 ? [planNote] : [];
    const content = [...[...lead, ...pinned].map(text), ...exchange.parts];
    if (content.length > 0) push(messages, { role: 'user', content });
    if (exchange.assistant) push(messages, exchange.assistant);
    carried = exchange.carry;
  });
  const estimatedTokens = messages.reduce(
    (sum, message) => sum + tokensOfMessage(message),
    input.toolTokens ?? 0,
  );
  return { messages, compactedExchanges: cut > 0 ? cut - 1 : 0, estimatedTokens, budgetTokens };
}
