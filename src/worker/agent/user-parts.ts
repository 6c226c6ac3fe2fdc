// ## Owns
// Where the notes a run adds join the person's current message: first (the memory
// block), last (tool-set status, the JSON format asked for), or just before the
// person's own words (site guide, page address). Older exchanges are never touched,
// so a provider's prompt cache keeps working.
import type { ModelMessage } from '../providers/model-adapter';

export type UserPartPlace = 'first' | 'last' | 'before-words';

/**
 * Adds `text` to the last user message at `place`. Without a last user message,
 * `first` and `last` start one; `before-words` needs the person's words, so it adds
 * nothing.
 */
export function addUserText(messages: ModelMessage[], text: string, place: UserPartPlace): void {
  const part = { type: 'text', text } as const;
  const last = messages.at(-1);
  if (last?.role !== 'user') {
    if (place !== 'before-words') messages.push({ role: 'user', content: [part] });
    return;
  }
  const content = [...last.content];
  if (place === 'first') content.unshift(part);
  else if (place === 'last') content.push(part);
  else content.splice(Math.max(0, content.length - 1), 0, part);
  messages[messages.length - 1] = { role: 'user', content };
}
