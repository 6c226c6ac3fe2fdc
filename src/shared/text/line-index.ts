// ## Owns
// Line geometry of one snapshot text: where each line starts, where its content ends
// and which line an offset falls in.
// ## Why
// Line numbers are needed for a few offsets per change, so the index stores only the
// line starts (one integer per line, built in one `indexOf` pass) and answers every
// other question by binary search. Nothing here materializes line strings, which keeps
// diff cost proportional to the change rather than to the document.
//
// Line model (the same as CodeMirror and `read_document`): lines are separated by
// "\n"; a "\r" right before it belongs to the terminator; a text with k "\n" has k + 1
// lines, so "" has one empty line and "a\n" has two. A lone "\r" is line content.

/** Line terminator an edit should write, taken from the document's first line break. */
export type LineEnding = '\n' | '\r\n';

/** Offsets and line numbers of one snapshot; line numbers are 1-based. */
export class LineIndex {
  readonly text: string;
  readonly #starts: Int32Array;

  /**
   * @param starts The line starts of `text` when the caller already has them (a diff
   * scans the same text); trusted, not checked.
   */
  constructor(text: string, starts?: Int32Array) {
    this.text = text;
    if (starts !== undefined) {
      this.#starts = starts;
      return;
    }
    this.#starts = lineStartsOf(text);
  }

  /** The start offset of every line, 0-based by line; shared, never to be written. */
  get lineStarts(): Int32Array {
    return this.#starts;
  }

  /** Number of lines (at least 1). */
  get lineCount(): number {
    return this.#starts.length;
  }

  /** Offset where `line` starts. */
  lineStart(line: number): number {
    return this.#starts[line - 1] ?? this.text.length;
  }

  /** Offset just past `line`'s terminator, or the text length for the last line. */
  lineEndWithTerminator(line: number): number {
    return line < this.lineCount ? this.lineStart(line + 1) : this.text.length;
  }

  /** Offset where `line`'s content ends, before "\n" or "\r\n". */
  lineContentEnd(line: number): number {
    if (line >= this.lineCount) return this.text.length;
    const newline = this.lineStart(line + 1) - 1;
    const start = this.lineStart(line);
    return newline > start && this.text.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
  }

  /** The content of `line` without its terminator. */
  lineText(line: number): string {
    return this.text.slice(this.lineStart(line), this.lineContentEnd(line));
  }

  /**
   * `line`'s text with its terminator, the key diffs compare lines by. The last line
   * has no terminator and compares as if it ended in "\n", so appending a line after
   * it shows as one insertion (as `diff` does on both texts with a final newline).
   */
  lineKey(line: number): string {
    const text = this.text.slice(this.lineStart(line), this.lineEndWithTerminator(line));
    return line === this.lineCount ? `${text}\n` : text;
  }

  /** The 1-based line containing `offset`; an offset inside a terminator belongs to its line. */
  lineAt(offset: number): number {
    let low = 0;
    let high = this.#starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.#starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }

  /** The terminator inserted text should use: CRLF when the first line break is CRLF. */
  get lineEnding(): LineEnding {
    const first = this.#starts[1];
    return first !== undefined && first >= 2 && this.text.charCodeAt(first - 2) === 13
      ? '\r\n'
      : '\n';
  }
}

/** Offsets right after every "\n" of `text`, after a leading 0, in a typed array grown as needed. */
export function lineStartsOf(text: string): Int32Array {
  let starts = new Int32Array(Math.max(16, text.length >> 4));
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    if (count === starts.length) {
      const grown = new Int32Array(starts.length * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[count] = at + 1;
    count += 1;
  }
  return starts.slice(0, count);
}

/**
 * `text` with every line break written as `lineEnding`. The model reads numbered lines
 * without terminators, so it writes "\n"; a CRLF document must stay CRLF.
 */
export function toLineEnding(text: string, lineEnding: LineEnding): string {
  return lineEnding === '\n' ? text.replace(/\r\n/g, '\n') : text.replace(/\r?\n/g, '\r\n');
}
