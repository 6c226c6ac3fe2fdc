// ## Owns
// The safe `pattern` subset. JSON-Schema patterns run on the model's
// arguments inside the worker with a backtracking engine, so a pattern like
// `^(a+)+$` could hang the worker on a short string (ReDoS).
// ## Why these rules
// Without groups, alternation or backreferences, and with at most one
// variable-length quantifier, backtracking at one start position is linear in the
// input; anchoring with `^...$` pins the start position, so the whole match is
// linear. Fixed repeats `{n}` are cheap but still require anchoring, which keeps the
// rule simple to state: "a pattern with a quantifier is anchored".
// @see https://owasp.org/www-community/attacks/Regular_expression_Denial_of_Service_-_ReDoS
import { PATTERN_MAX_LENGTH, PATTERN_MAX_QUANTIFIER_BOUND } from './schema-limits';

/** Verdict on one pattern; refusals say which rule failed. */
export type PatternCheck =
  { ok: true } | { ok: false; code: 'SCHEMA_PATTERN' | 'SCHEMA_PATTERN_UNSAFE'; message: string };

const BRACE_QUANTIFIER = /^\{(\d+)(,(\d*))?\}/;

function unsafe(message: string): PatternCheck {
  return { ok: false, code: 'SCHEMA_PATTERN_UNSAFE', message };
}

/**
 * Length of the escape sequence at `index` (which holds a backslash). `\u{...}` and
 * `\p{...}` are skipped whole so their braces are not read as quantifiers.
 */
function escapeLength(pattern: string, index: number): number {
  const letter = pattern[index + 1];
  if ((letter === 'u' || letter === 'p' || letter === 'P') && pattern[index + 2] === '{') {
    const close = pattern.indexOf('}', index + 3);
    return close === -1 ? pattern.length - index : close - index + 1;
  }
  return 2;
}

/** Index just past the character class opening at `index`. */
function skipClass(pattern: string, index: number): number {
  let cursor = index + 1;
  while (cursor < pattern.length && pattern[cursor] !== ']') {
    cursor += pattern[cursor] === '\\' ? escapeLength(pattern, cursor) : 1;
  }
  return cursor + 1;
}

/**
 * Check a `pattern` keyword value: at most 256 characters and compiling with the
 * `u` flag (else `SCHEMA_PATTERN`); no groups, alternation or backreferences, at
 * most one variable-length quantifier, bounds up to 10,000 and `^...$` anchoring
 * when any quantifier is present (else `SCHEMA_PATTERN_UNSAFE`).
 */
export function checkSchemaPattern(pattern: string): PatternCheck {
  if (pattern.length > PATTERN_MAX_LENGTH) {
    return {
      ok: false,
      code: 'SCHEMA_PATTERN',
      message: `Pattern is longer than ${PATTERN_MAX_LENGTH} characters.`,
    };
  }
  try {
    // Compiling is the only use of the pattern here; the u flag matches how the
    // validator runs it and makes stray braces and brackets syntax errors.
    new RegExp(pattern, 'u');
  } catch {
    return {
      ok: false,
      code: 'SCHEMA_PATTERN',
      message: 'Pattern does not compile as a Unicode regular expression.',
    };
  }
  let variableQuantifiers = 0;
  let hasQuantifier = false;
  let endsWithAnchor = false;
  let index = 0;
  while (index < pattern.length) {
    const character = pattern[index] ?? '';
    endsWithAnchor = false;
    if (character === '\\') {
      const next = pattern[index + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') return unsafe('Pattern uses a backreference.');
      index += escapeLength(pattern, index);
      continue;
    }
    if (character === '[') {
      index = skipClass(pattern, index);
      continue;
    }
    if (character === '(' || character === ')') return unsafe('Pattern uses a group.');
    if (character === '|') return unsafe('Pattern uses alternation.');
    if (character === '$' && index === pattern.length - 1) endsWithAnchor = true;
    let quantifierLength = 0;
    if (character === '*' || character === '+' || character === '?') {
      quantifierLength = 1;
      variableQuantifiers += 1;
    } else if (character === '{') {
      const match = BRACE_QUANTIFIER.exec(pattern.slice(index));
      if (match === null) return unsafe('Pattern has a malformed quantifier.');
      const min = Number(match[1]);
      const max = match[3] === undefined || match[3] === '' ? undefined : Number(match[3]);
      if (
        min > PATTERN_MAX_QUANTIFIER_BOUND ||
        (max !== undefined && max > PATTERN_MAX_QUANTIFIER_BOUND)
      ) {
        return unsafe(`Pattern has a quantifier bound above ${PATTERN_MAX_QUANTIFIER_BOUND}.`);
      }
      if (match[2] !== undefined && max !== min) variableQuantifiers += 1;
      quantifierLength = match[0].length;
    }
    if (quantifierLength > 0) {
      hasQuantifier = true;
      index += quantifierLength;
      // A `?` right after a quantifier makes it lazy; it is not another quantifier.
      if (pattern[index] === '?') index += 1;
      continue;
    }
    index += 1;
  }
  if (variableQuantifiers > 1)
    return unsafe('Pattern has more than one variable-length quantifier.');
  if (hasQuantifier && !(pattern.startsWith('^') && endsWithAnchor)) {
    return unsafe('A pattern with a quantifier must be anchored with ^ and $.');
  }
  return { ok: true };
}
