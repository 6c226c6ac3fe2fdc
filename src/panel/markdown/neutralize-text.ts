/**
 * ## Invisible-character policy for rendered untrusted text
 *
 * Owns: what happens to control characters and bidirectional formatting characters in
 * text the panel shows (Markdown output, link labels and titles, the streaming tail).
 *
 * Choice: they are made **visible and inert**, never silently deleted and never passed
 * through. Deleting them would hide that the model (or a page it read) tried something;
 * passing them through allows "Trojan Source" style spoofing, where an override such
 * as U+202E makes `a link label` display as something else
 * (CVE-2021-42574, https://trojansource.codes/).
 *
 * - C0 controls (except TAB, LF, CR) and DEL become their Unicode Control Pictures
 *   (U+2400 block, e.g. ESC -> "␛"), so they show as a single glyph.
 * - C1 controls (U+0080–U+009F) become U+FFFD.
 * - The nine explicit bidi embedding/override/isolate controls (LRE, RLE, PDF, LRO, RLO,
 *   LRI, RLI, FSI, PDI) become a visible tag such as "⟨U+202E⟩". Ordinary right-to-left
 *   text (Arabic, Hebrew) needs none of them: the Unicode bidi algorithm orders it from
 *   the letters' own direction, and the implicit marks LRM/RLM/ALM are kept because
 *   they cannot re-order strong characters.
 *
 * The mapping is per character, so it can be applied to stream suffixes independently.
 * It must stay O(n) and allocation-free when nothing matches (the common case).
 */

const UNSAFE_CHARACTERS =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

function replacement(character: string): string {
  const code = character.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  if (code <= 0x9f) return '\uFFFD';
  return `\u27E8U+${code.toString(16).toUpperCase()}\u27E9`;
}

/**
 * Returns `text` with control and bidi override characters replaced by visible, inert
 * stand-ins (see the module header). Returns the same string when nothing matches.
 */
export function neutralizeText(text: string): string {
  UNSAFE_CHARACTERS.lastIndex = 0;
  if (!UNSAFE_CHARACTERS.test(text)) return text;
  UNSAFE_CHARACTERS.lastIndex = 0;
  return text.replace(UNSAFE_CHARACTERS, replacement);
}

/** True when `text` holds a character that {@link neutralizeText} would replace. */
export function hasUnsafeCharacters(text: string): boolean {
  UNSAFE_CHARACTERS.lastIndex = 0;
  return UNSAFE_CHARACTERS.test(text);
}
