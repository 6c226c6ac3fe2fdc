// What of a completion model's answer may become ghost text: the continuation only.
// Models often wrap it in a code fence, think aloud first, or repeat the text before
// the cursor; all of that is cut, and the rest is bounded so a runaway answer never
// fills the editor. Pure: the unit tests run every rule.

/** Longest ghost text, in UTF-16 code units (the page schema's bound). */
export const MAX_COMPLETION_CHARS = 2_000;
/** Longest ghost text, in lines. */
export const MAX_COMPLETION_LINES = 8;
/** A repeated tail of the text before the cursor is cut when at least this long. */
const MIN_ECHO_CHARS = 6;
const MAX_ECHO_CHARS = 400;

function unfence(text: string): string {
  const fence = /```[^\n`]*\n([\s\S]*?)(?:\n?```|$)/.exec(text);
  return fence ? (fence[1] ?? '') : text;
}

/** The longest suffix of `before` that `reply` starts with (at least MIN_ECHO_CHARS). */
function echoLength(before: string, reply: string): number {
  const limit = Math.min(before.length, reply.length, MAX_ECHO_CHARS);
  for (let length = limit; length >= MIN_ECHO_CHARS; length -= 1)
    if (before.endsWith(reply.slice(0, length))) return length;
  return 0;
}

/** The ghost text for `raw` given the text before the cursor, or null when nothing is left. */
export function cleanCompletion(raw: string, before: string): string | null {
  let text = raw
    .replace(/<think>[\s\S]*?(<\/think>|$)/gi, '')
    .replace(/\r\n?/g, '\n')
    // Control characters other than tab and newline never belong in a continuation.
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '');
  text = unfence(text);
  // The current line's start repeated in full, or a longer repeated tail.
  const lineStart = before.slice(before.lastIndexOf('\n') + 1);
  if (lineStart.trim() !== '' && text.startsWith(lineStart)) text = text.slice(lineStart.length);
  else text = text.slice(echoLength(before, text));
  text = text.split('\n').slice(0, MAX_COMPLETION_LINES).join('\n').trimEnd();
  if (text.length > MAX_COMPLETION_CHARS) text = text.slice(0, MAX_COMPLETION_CHARS);
  // A lone surrogate at the cut would be an invalid character in the document.
  if (/[\ud800-\udbff]$/.test(text)) text = text.slice(0, -1);
  return text.trim() === '' ? null : text;
}
