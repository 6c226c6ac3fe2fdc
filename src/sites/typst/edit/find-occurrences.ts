// ## Owns
// Finding each search text's first occurrence and counting its occurrences, which
// the ambiguity check of `search_replace` and `patch_document` needs.
// ## Why
// Proving a search text unique means scanning the whole document for it. With one
// `indexOf` scan per search, a 128-edit patch reads the document 256 times (about
// 9 ms for 700 KB on an idle core, several times that on a busy one). Many searches
// are therefore found in one pass with a rolling hash of their first few characters
// (Rabin–Karp), so the document is read once whatever the number of edits. Searches
// whose first characters agree (a thousand lines starting "  - value ") share one
// hash; a candidate position is then confirmed per distinct search length with one
// dictionary lookup, not once per search, so shared prefixes cost nothing extra.

/** The first occurrence of a search text and how many there are, overlapping ones included. */
export interface Occurrences {
  /** Offset of the first occurrence, or -1. */
  readonly first: number;
  /** Occurrences found, stopping at the caller's limit. */
  readonly count: number;
}

/** One search text with `indexOf`; the fastest choice for a single search. */
export function findOccurrences(text: string, search: string, limit: number): Occurrences {
  const first = text.indexOf(search);
  if (first === -1) return { first, count: 0 };
  let count = 1;
  for (
    let at = text.indexOf(search, first + 1);
    at !== -1 && count < limit;
    at = text.indexOf(search, at + 1)
  )
    count += 1;
  return { first, count };
}

const HASH_BASE = 0x01000193;
const FILTER_BITS = 16;
const MAX_WINDOW = 32;

function hashPrefix(text: string, start: number, window: number): number {
  let hash = 0;
  for (let offset = 0; offset < window; offset += 1)
    hash = (Math.imul(hash, HASH_BASE) + text.charCodeAt(start + offset)) | 0;
  return hash;
}

/**
 * `findOccurrences` for every non-empty search in one pass over `text`. Positions whose
 * window hash matches no search are skipped after one filter lookup; candidates are
 * confirmed with `startsWith`, so the result is exact.
 */
export function findOccurrencesOfAll(
  text: string,
  searches: readonly string[],
  limit: number,
): Occurrences[] {
  const firsts = searches.map(() => -1);
  const counts = searches.map(() => 0);
  const window = Math.min(MAX_WINDOW, ...searches.map((search) => search.length));
  if (window < 1 || text.length < window) return searches.map(() => ({ first: -1, count: 0 }));
  // Window hash -> search length -> search text -> indexes of the searches.
  const bySearchHash = new Map<number, Map<number, Map<string, number[]>>>();
  const filter = new Uint8Array(1 << FILTER_BITS);
  searches.forEach((search, index) => {
    const hash = hashPrefix(search, 0, window);
    let byLength = bySearchHash.get(hash);
    if (byLength === undefined) bySearchHash.set(hash, (byLength = new Map()));
    let byText = byLength.get(search.length);
    if (byText === undefined) byLength.set(search.length, (byText = new Map()));
    byText.set(search, [...(byText.get(search) ?? []), index]);
    filter[hash & ((1 << FILTER_BITS) - 1)] = 1;
  });
  // HASH_BASE^(window-1), to remove the character leaving the window.
  let leadingPower = 1;
  for (let step = 1; step < window; step += 1) leadingPower = Math.imul(leadingPower, HASH_BASE);
  let hash = hashPrefix(text, 0, window);
  for (let start = 0; ; start += 1) {
    if (filter[hash & ((1 << FILTER_BITS) - 1)] === 1) {
      for (const [length, byText] of bySearchHash.get(hash) ?? []) {
        if (start + length > text.length) continue;
        for (const index of byText.get(text.slice(start, start + length)) ?? []) {
          if ((counts[index] as number) >= limit) continue;
          if (counts[index] === 0) firsts[index] = start;
          counts[index] = (counts[index] as number) + 1;
        }
      }
    }
    const next = start + window;
    if (next >= text.length) break;
    hash =
      (Math.imul(hash - Math.imul(text.charCodeAt(start), leadingPower), HASH_BASE) +
        text.charCodeAt(next)) |
      0;
  }
  return searches.map((_, index) => ({
    first: firsts[index] as number,
    count: counts[index] as number,
  }));
}
