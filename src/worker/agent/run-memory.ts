// Where the memory block sits in a run's conversation: first in the current user
// message, before the question, as a labelled text part. Older exchanges stay as
// they were (a provider's prompt cache keeps working) and the trusted system prompt
// never holds it.
import type { ModelMessage, UserContentPart } from '../providers/model-adapter';

/** Puts `block` at the start of the last user message (or a new one), when there is one. */
export function addMemoryNote(messages: ModelMessage[], block: string | null): void {
  if (block === null) return;
  const part: UserContentPart = { type: 'text', text: block };
  const last = messages.at(-1);
  if (last?.role === 'user')
    messages[messages.length - 1] = { role: 'user', content: [part, ...last.content] };
  else messages.push({ role: 'user', content: [part] });
}
