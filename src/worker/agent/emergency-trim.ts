// ## Owns
// The last resort when a provider refuses a request as too long for its context
// window (our token estimate is a guess, and local servers often run with a smaller
// window than configured): keep the system messages, the person's task with its
// pinned plan and working memory, and only the run's latest steps, with each tool
// result cut short, so the same round can be tried once more.
import type { ModelMessage, UserContentPart } from '../providers/model-adapter';

/** Messages of the run kept after the task (widened to keep a call with its results). */
export const EMERGENCY_TAIL_MESSAGES = 6;
/** Characters of each kept tool result. */
export const EMERGENCY_TOOL_CHARS = 2_000;

const CUT_MARK = `\n[cut to ${EMERGENCY_TOOL_CHARS.toLocaleString('en-US')} characters to fit the model's context window; call the tool again for the rest]`;
const IMAGE_GONE = '[an image was removed here to fit the model\u2019s context window]';

export interface EmergencyTrim {
  /** The trimmed conversation, to send instead. */
  readonly messages: ModelMessage[];
  /** Where the run's own messages now start (just after the task). */
  readonly firstRunMessage: number;
  readonly dropped: number;
  readonly cut: number;
}

function slimmed(message: ModelMessage): { message: ModelMessage; isCut: boolean } {
  if (message.role === 'tool' && message.content.length > EMERGENCY_TOOL_CHARS)
    return {
      message: { ...message, content: message.content.slice(0, EMERGENCY_TOOL_CHARS) + CUT_MARK },
      isCut: true,
    };
  if (message.role === 'user' && message.content.some((part) => part.type === 'image')) {
    const content: UserContentPart[] = message.content.map((part) =>
      part.type === 'image' ? { type: 'text', text: IMAGE_GONE } : part,
    );
    return { message: { role: 'user', content }, isCut: true };
  }
  return { message, isCut: false };
}

/**
 * The conversation cut down for one more try. The task is the person's message the
 * run answers (the last user message before `firstRunMessage`); older history goes.
 * The kept tail never starts with a tool result whose call was dropped, which every
 * provider rejects, so it may hold more than six messages when one round made many
 * calls. Returns null when there is nothing left to drop or cut.
 */
export function emergencyTrim(
  messages: readonly ModelMessage[],
  firstRunMessage: number,
): EmergencyTrim | null {
  let task = Math.min(firstRunMessage, messages.length) - 1;
  while (task >= 0 && messages[task]?.role !== 'user') task -= 1;
  let tailStart = Math.max(firstRunMessage, messages.length - EMERGENCY_TAIL_MESSAGES);
  while (tailStart > firstRunMessage && messages[tailStart]?.role === 'tool') tailStart -= 1;
  // Results with no call before them (a malformed history) are not kept on their own.
  while (tailStart < messages.length && messages[tailStart]?.role === 'tool') tailStart += 1;
  const kept: ModelMessage[] = [];
  let dropped = 0;
  let cut = 0;
  messages.forEach((message, index) => {
    if (index < firstRunMessage) {
      if (message.role === 'system' || index === task) kept.push(message);
      else dropped += 1;
      return;
    }
    if (index < tailStart) {
      dropped += 1;
      return;
    }
    const slim = slimmed(message);
    if (slim.isCut) cut += 1;
    kept.push(slim.message);
  });
  if (dropped === 0 && cut === 0) return null;
  const firstKeptRunMessage = kept.length - (messages.length - tailStart);
  return { messages: kept, firstRunMessage: firstKeptRunMessage, dropped, cut };
}

/** What the person is told when the conversation was cut down to try again. */
export function emergencyTrimNotice(trim: Pick<EmergencyTrim, 'dropped' | 'cut'>): string {
  const parts = [
    trim.dropped > 0
      ? `set aside ${trim.dropped} earlier message${trim.dropped === 1 ? '' : 's'}`
      : null,
    trim.cut > 0 ? `shortened ${trim.cut} step result${trim.cut === 1 ? '' : 's'}` : null,
  ].filter((part) => part !== null);
  return `The model said this conversation is too long for it, so Side Agent kept your request and the latest steps (${parts.join(', ')}) and tried again. If it happens again, start a new chat or choose a model with a larger context window.`;
}
