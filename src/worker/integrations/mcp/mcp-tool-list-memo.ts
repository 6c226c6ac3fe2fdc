// ## Owns
// Remembering what was decided about one exact advertised tool list, keyed by
// that list's JSON text (with the server's id and name), within a bound on
// entries and characters.
// ## Why the whole list's text is the key
// Servers are rediscovered at every run start once their TTL ends (at once for
// the many that declare none) and usually send the same list. Writing the list
// once as JSON costs less than looking at every tool again, and equal texts mean
// equal lists as JSON carries them: any change to any tool, its order or a field
// nobody reads is a different text, judged afresh. The lists come straight from
// JSON.parse, so the text holds everything they hold.

/** Most lists remembered; a person configures a few servers. */
const MAX_LISTS = 16;
/** Most characters of list text remembered in all; larger lists are judged each time. */
const MAX_CHARS = 8_000_000;

/** A bounded memo from an exact list text to what was made of it. */
export interface ListMemo<T> {
  /** The key of `list` for `scope`, or null when it cannot or should not be kept. */
  keyOf(scope: readonly string[], list: readonly unknown[]): string | null;
  get(key: string): T | undefined;
  set(key: string, value: T): void;
}

export function createListMemo<T>(): ListMemo<T> {
  const entries = new Map<string, T>();
  let chars = 0;
  return {
    keyOf(scope, list) {
      let text: string;
      try {
        text = JSON.stringify([...scope, list]);
      } catch {
        return null; // not JSON: judged each time, and the judging reports it
      }
      return text.length <= MAX_CHARS / 2 ? text : null;
    },
    get: (key) => entries.get(key),
    set(key, value) {
      if (entries.has(key)) return;
      // Oldest first: a Map iterates in insertion order.
      for (const old of entries.keys()) {
        if (entries.size < MAX_LISTS && chars + key.length <= MAX_CHARS) break;
        entries.delete(old);
        chars -= old.length;
      }
      entries.set(key, value);
      chars += key.length;
    },
  };
}
