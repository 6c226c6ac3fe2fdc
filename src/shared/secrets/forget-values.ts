// ## Owns
// Forgetting exact values a run learned are secret: a password the model typed into a
// credential field looks like any other word, so no detector finds it; once the field
// says it was secret, every text kept about the run (trace events, a bug report's
// recent model calls) has that value replaced by a marker, before and after.
// ## Why the quoted form for short values
// Replacing a two-letter value everywhere would shred every word that contains it;
// short values are replaced only where they stand as a whole quoted string, which is
// how they appear in the call's arguments and the model's own tool call.

export const FORGOTTEN_MARKER = '[secret withheld: field value]';
/** Values at least this long are replaced wherever they appear. */
export const MIN_ANYWHERE_CHARS = 4;
/** Values kept per run; a run that types more secrets than this forgets the oldest. */
export const MAX_FORGOTTEN_VALUES = 32;
/** Longest value looked for; a field value this long is cut to its first part. */
const MAX_VALUE_CHARS = 4_096;

/** The forms one value takes in stored text: raw, and escaped once and twice as JSON. */
function formsOf(value: string): string[] {
  const once = JSON.stringify(value).slice(1, -1);
  const twice = JSON.stringify(once).slice(1, -1);
  return [...new Set([value, once, twice])];
}

const KEPT_MARKERS = String.raw`\[secret (?:withheld|removed): [^\]\n]{1,40}\]`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` with every form of each value replaced by the marker, in one pass: replacing
 * value by value would find a value inside an earlier marker.
 */
export function forgetIn(text: string, values: readonly string[]): string {
  const needles = new Map<string, string>();
  for (const value of values) {
    if (value.length === 0) continue;
    for (const form of formsOf(value)) {
      if (value.length >= MIN_ANYWHERE_CHARS) needles.set(form, FORGOTTEN_MARKER);
      else {
        needles.set(`"${form}"`, `"${FORGOTTEN_MARKER}"`);
        needles.set(`\\"${form}\\"`, `\\"${FORGOTTEN_MARKER}\\"`);
      }
    }
  }
  if (needles.size === 0) return text;
  const pattern = [...needles.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  // Markers already in the text are matched first and kept as they are, so text that
  // is forgotten twice (a stored event rewritten later) stays readable.
  return text.replace(
    new RegExp(`${KEPT_MARKERS}|${pattern}`, 'g'),
    (found) => needles.get(found) ?? found,
  );
}

/** The string arguments named `names` of a call's arguments text, as values to forget. */
export function argumentValues(argumentsText: string, names: readonly string[]): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsText);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
  const record = parsed as Record<string, unknown>;
  return names.flatMap((name) => {
    const value = record[name];
    return typeof value === 'string' && value.length > 0 ? [value.slice(0, MAX_VALUE_CHARS)] : [];
  });
}

/** A run's growing list of forgotten values, without repeats, the newest kept. */
export function addForgotten(known: readonly string[], values: readonly string[]): string[] {
  return [...new Set([...known, ...values])].slice(-MAX_FORGOTTEN_VALUES);
}
