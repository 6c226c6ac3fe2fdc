// The name a chat is shown under. A chat nobody has named yet (the worker's default
// "New chat", or empty) is shown under the start of its first message, the way a
// person would tell chats apart, until the person or the naming model names it.
// Names and previews are model output or imports: callers render them as text.
import type { SessionMeta } from '../../shared/protocol/chat-records';

/** The name the worker gives a chat it creates. */
export const DEFAULT_CHAT_NAME = 'New chat';
/** Longest provisional title taken from the first message. */
export const MAX_PROVISIONAL_CHARS = 48;

type Named = Pick<SessionMeta, 'name' | 'preview' | 'userRenamed'>;

/** The shown name of `meta`. */
export function chatDisplayName(meta: Named): string {
  const name = meta.name.trim();
  const isUnnamed = name === '' || (name === DEFAULT_CHAT_NAME && !meta.userRenamed);
  if (!isUnnamed) return name;
  const preview = meta.preview.replace(/\s+/g, ' ').trim();
  if (preview === '') return name === '' ? 'Untitled chat' : DEFAULT_CHAT_NAME;
  if (preview.length <= MAX_PROVISIONAL_CHARS) return preview;
  const cut = preview.slice(0, MAX_PROVISIONAL_CHARS);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > MAX_PROVISIONAL_CHARS / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}
