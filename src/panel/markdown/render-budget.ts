/**
 * ## How much Markdown one parse may take
 *
 * marked is linear on ordinary text, but its inline delimiter matching is superlinear
 * within one paragraph. Measured in Chromium (marked 18): one paragraph of `*a_`
 * repeated, 1,000 delimiters ≈ 57 ms, 2,000 ≈ 160 ms; in Node 100,000 chars of `*a`
 * took ~10 s. Text over budget is not parsed; the caller shows it as plain text.
 */

/** Longest block parsed as Markdown (a 1 MB single line is shown as plain text). */
export const MAX_MARKDOWN_CHARS = 100_000;

/**
 * Most emphasis/code delimiters (`*`, `_`, `~`, backtick) in one paragraph (a run of
 * non-blank lines outside fenced code). 600 keeps the worst case near 30 ms, well under
 * the 50 ms long-task limit; real prose stays far below it; code blocks do not count.
 */
export const MAX_INLINE_DELIMITERS = 600;

const FENCE = /^[ \t]*(`{3,}|~{3,})/;

function isDelimiter(code: number): boolean {
  // * _ ~ `
  return code === 42 || code === 95 || code === 126 || code === 96;
}

/** Largest delimiter count of any paragraph outside fenced code; stops above `limit`. */
export function maxParagraphDelimiters(
  text: string,
  limit: number = MAX_INLINE_DELIMITERS,
): number {
  let fence: string | null = null;
  let paragraph = 0;
  let max = 0;
  let lineStart = 0;
  while (lineStart <= text.length && max <= limit) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, Math.min(lineEnd, lineStart + 64));
    const marker = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (
        marker !== undefined &&
        marker.charAt(0) === fence.charAt(0) &&
        marker.length >= fence.length
      )
        fence = null;
    } else if (marker !== undefined) {
      fence = marker;
    } else if (/^[ \t]*$/.test(line) && lineEnd - lineStart <= 64) {
      paragraph = 0;
    } else {
      for (let index = lineStart; index < lineEnd; index += 1)
        if (isDelimiter(text.charCodeAt(index))) paragraph += 1;
      max = Math.max(max, paragraph);
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return max;
}

/** True when `text` may be parsed as Markdown in one call. */
export function withinRenderBudget(text: string): boolean {
  return text.length <= MAX_MARKDOWN_CHARS && maxParagraphDelimiters(text) <= MAX_INLINE_DELIMITERS;
}
