// ## Owns
// Matching text the way a person reads it, in any language: letter case and accents
// do not matter ("resume" finds "Résumé", "Munchen" finds "München"), and with the
// Turkish option the dotless ı matches i too, so a query typed on an ASCII keyboard
// ("sirket", "kapi") finds "şirket" and "kapı".
// ## Why the folded text keeps every offset
// Matches are mapped back to the page's own text nodes by position, so folding works
// one UTF-16 unit at a time and a unit whose fold is not a single unit stays as it
// is; combining marks of decomposed text stay too, and the pattern lets any run of
// them follow each letter.

export interface FoldOptions {
  /** Also fold the dotless ı (and its capital I) to i. */
  readonly turkish?: boolean;
}

const cache = new Map<string, string>();

/** One UTF-16 unit, folded to one unit: no accent, lower case. */
function foldUnit(unit: string, turkish: boolean): string {
  if (turkish && (unit === '\u0131' || unit === 'I')) return 'i';
  const known = cache.get(unit);
  if (known !== undefined) return known;
  const bare = unit.normalize('NFD').replace(/\p{M}+/gu, '');
  const lower = (bare.length === 1 ? bare : unit).toLowerCase();
  const folded = lower.length === 1 ? lower : unit;
  if (cache.size < 4_096) cache.set(unit, folded);
  return folded;
}

/** `text` folded unit by unit: the same length, so offsets map back to the original. */
export function foldText(text: string, options: FoldOptions = {}): string {
  const turkish = options.turkish === true;
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    // Plain ASCII that is already lower case: nothing to fold (most page text).
    out +=
      unit < 0x80 && !(unit >= 0x41 && unit <= 0x5a)
        ? text[index]
        : foldUnit(text[index]!, turkish);
  }
  return out;
}

// Only syntax characters may be escaped in a `u` pattern (`\-` is an error there).
const escapeUnit = (unit: string) => unit.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The pattern that finds `query` in folded text: each letter folded and followed by
 * any combining marks, white space matching any white space but never `stop`.
 */
export function foldedPattern(query: string, options: FoldOptions = {}, stop = '\\u0000'): RegExp {
  const words = query.trim().split(/\s+/).filter(Boolean);
  const letters = words.map((word) =>
    [...foldText(word.normalize('NFC'), options)]
      .map((unit) => (/\p{M}/u.test(unit) ? '' : `${escapeUnit(unit)}\\p{M}*`))
      .join(''),
  );
  return new RegExp(letters.join(`[^\\S${stop}]+`), 'gu');
}

/** Whether text in `language` (a BCP 47 tag) wants the Turkish fold. */
export const wantsTurkishFold = (language: string) => /^(tr|az)\b/i.test(language.trim());
