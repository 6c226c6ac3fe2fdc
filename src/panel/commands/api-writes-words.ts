// ## Owns
// The words and parsing of a chat's leave for network writes (/allow-api): which
// origin a typed site means, and the line the chat shows while the leave holds.
import type { ApiWrites } from '../../shared/protocol/chat-records';

/** The most sites one chat's leave names. */
export const MAX_ORIGINS = 10;

/** An origin from what the person typed (`api.example.com`, a URL), or null. */
export function originOfTyped(typed: string): string | null {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`;
  try {
    const url = new URL(text);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (
      url.username ||
      url.password ||
      (!url.hostname.includes('.') && url.hostname !== 'localhost')
    )
      return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** The chat's leave in plain words: "Network writes allowed in this chat: api.example.com". */
export function apiWritesText(apiWrites: ApiWrites): string {
  const where =
    apiWrites.origins.length === 0
      ? 'any site'
      : apiWrites.origins.map((origin) => new URL(origin).host).join(', ');
  return `Network writes allowed in this chat: ${where}`;
}
