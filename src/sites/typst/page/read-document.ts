// ## Owns
// `read_document`'s page half: numbered lines `<n>|<text>` of the live
// document, bounded by characters, stopping at a line boundary, with the line to
// continue from. Reads only the requested lines through CodeMirror's Text, so reading
// the start of a 1 MiB document costs what the answer costs.
import type { TextLike } from './editor-view';

export const DEFAULT_READ_CHARS = 28_000;
export const MIN_READ_CHARS = 4_000;
export const MAX_READ_CHARS = 64_000;

export interface ReadRequest {
  readonly startLine?: number | undefined;
  readonly endLine?: number | undefined;
  readonly maxChars?: number | undefined;
}

export interface NumberedRead {
  numbered: string;
  docChars: number;
  lineCount: number;
  startLine: number;
  endLine: number;
  truncated: boolean;
  nextStartLine: number | null;
  cursor: { line: number; column: number };
}

/** Numbered lines from `startLine` to `endLine` (both clamped), at most `maxChars` long. */
export function readNumberedLines(
  doc: TextLike,
  caret: number,
  request: ReadRequest,
): NumberedRead {
  const lineCount = doc.lines;
  const budget = Math.min(
    MAX_READ_CHARS,
    Math.max(MIN_READ_CHARS, request.maxChars ?? DEFAULT_READ_CHARS),
  );
  const startLine = Math.min(Math.max(1, request.startLine ?? 1), lineCount);
  const lastLine = Math.min(Math.max(startLine, request.endLine ?? lineCount), lineCount);
  const width = String(lineCount).length;
  const parts: string[] = [];
  let used = 0;
  let endLine = startLine - 1;
  let truncated = false;
  for (let number = startLine; number <= lastLine; number += 1) {
    const text = doc.line(number).text;
    const row = `${String(number).padStart(width, ' ')}|${text}\n`;
    if (used + row.length > budget) {
      if (parts.length === 0) {
        // A lone oversized first line is cut rather than skipped, so paging advances.
        parts.push(row.slice(0, budget));
        endLine = number;
      }
      truncated = true;
      break;
    }
    parts.push(row);
    used += row.length;
    endLine = number;
  }
  const nextStartLine = endLine < lastLine ? endLine + 1 : null;
  const caretLine = doc.lineAt(Math.min(Math.max(0, caret), doc.length));
  return {
    numbered: parts.join(''),
    docChars: doc.length,
    lineCount,
    startLine,
    endLine,
    truncated: truncated || nextStartLine !== null,
    nextStartLine,
    cursor: { line: caretLine.number, column: caret - caretLine.from + 1 },
  };
}
