/**
 * ## Incremental Markdown block boundaries
 *
 * Splits a growing Markdown text (LF line endings) into top-level blocks that can be
 * parsed independently with the same result as parsing the whole text. It is
 * conservative: when unsure it does NOT split (a missed boundary only delays
 * formatting until the next boundary or the end; a wrong one would change rendering).
 * A block ends:
 * - at a blank line outside a fenced code block, once the next non-blank line has
 *   started and is neither indented (continuation, indented code) nor, when the block
 *   holds a list, another list item (so loose lists stay one list);
 * - right after the closing fence of a top-level fenced code block.
 * Work is O(total length): every character is scanned for a newline once and a
 * boundary decision looks at a bounded prefix of one line.
 */

const BLANK_LINE = /^[ \t]*$/;
const LIST_ITEM = /^[ \t]{0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
const LIST_MARKER_AFTER_BLANK = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t\n]|$)/;
const POSSIBLE_LIST_MARKER_PREFIX = /^(?:[-*+]|\d{1,9}[.)]?)$/;
const FENCE_OPEN = /^([ \t]*)(`{3,}|~{3,})(.*)$/;
const DEFINITION = /^ {0,3}\[[^\]]+\]:/;
const DECISION_PREFIX_CHARS = 16;

interface OpenFence {
  readonly marker: string;
  readonly length: number;
  /** Whether closing this fence ends the block (top-level fences only). */
  readonly endsBlock: boolean;
}

/** Splits streamed Markdown into completed blocks plus an unfinished tail. */
export class MarkdownBlockSplitter {
  // Complete lines of the current block. Kept as parts, and newlines are searched in
  // the incoming delta only: growing one string and searching it would make V8 flatten
  // the whole rope on every delta (measured: quadratic, minutes for a 1 MB line).
  private parts: string[] = [];
  private line = '';
  private linePrefix = '';
  private fence: OpenFence | null = null;
  private hasContent = false;
  private hasList = false;
  private afterBlank = false;
  private definitions = false;

  /** The text not yet emitted as a block (the unfinished tail). */
  get tail(): string {
    return this.parts.join('') + this.line;
  }

  /** True once any line looked like a link reference definition (`[id]: url`). */
  get sawDefinition(): boolean {
    return this.definitions;
  }

  /** Appends text and returns the blocks it completed, in order. */
  push(text: string): string[] {
    const blocks: string[] = [];
    let position = 0;
    for (;;) {
      const newline = text.indexOf('\n', position);
      const piece = newline === -1 ? text.slice(position) : text.slice(position, newline);
      this.line += piece;
      if (this.linePrefix.length < DECISION_PREFIX_CHARS) {
        this.linePrefix = (this.linePrefix + piece.slice(0, DECISION_PREFIX_CHARS)).slice(
          0,
          DECISION_PREFIX_CHARS,
        );
      }
      if (this.afterBlank && this.fence === null) this.decideAfterBlank(newline !== -1, blocks);
      if (newline === -1) return blocks;
      position = newline + 1;
      const line = this.line;
      this.line = '';
      this.linePrefix = '';
      this.processLine(line, blocks);
    }
  }

  /** Ends the stream: returns the remaining tail (maybe empty) and resets. */
  finish(): string {
    const rest = this.tail;
    this.parts = [];
    this.line = '';
    this.linePrefix = '';
    this.resetBlock();
    return rest;
  }

  private decideAfterBlank(complete: boolean, blocks: string[]): void {
    const prefix = this.linePrefix;
    if (prefix === '') return;
    if (prefix.startsWith(' ') || prefix.startsWith('\t')) {
      // Indented content continues the block; an all-blank prefix is decided per line.
      if (/[^ \t]/.test(prefix)) this.afterBlank = false;
      return;
    }
    if (this.hasList && LIST_MARKER_AFTER_BLANK.test(complete ? `${prefix}\n` : prefix)) {
      this.afterBlank = false;
      return;
    }
    const undecided =
      !complete &&
      prefix.length < DECISION_PREFIX_CHARS &&
      POSSIBLE_LIST_MARKER_PREFIX.test(prefix);
    if (this.hasList && undecided) return;
    this.emit(blocks);
  }

  private processLine(line: string, blocks: string[]): void {
    this.parts.push(`${line}\n`);
    if (this.fence !== null) {
      const fence = this.fence;
      const trimmed = line.trim();
      const closes =
        trimmed.length >= fence.length && trimmed === fence.marker.repeat(trimmed.length);
      if (!closes) return;
      this.fence = null;
      if (fence.endsBlock) this.emit(blocks);
      return;
    }
    if (BLANK_LINE.test(line)) {
      if (this.hasContent) this.afterBlank = true;
      return;
    }
    // A content line reached here without a split, so it continues the block.
    this.afterBlank = false;
    this.hasContent = true;
    if (DEFINITION.test(line)) this.definitions = true;
    if (LIST_ITEM.test(line)) this.hasList = true;
    const open = FENCE_OPEN.exec(line);
    if (open === null) return;
    const indent = open[1] ?? '';
    const run = open[2] ?? '';
    const marker = run.charAt(0);
    if (marker === '`' && (open[3] ?? '').includes('`')) return;
    const topLevel = !this.hasList && indent.length <= 3 && !indent.includes('\t');
    if (!topLevel && !this.hasList) return;
    this.fence = { marker, length: run.length, endsBlock: topLevel };
  }

  private emit(blocks: string[]): void {
    const block = this.parts.join('');
    if (block !== '') blocks.push(block);
    this.parts = [];
    this.resetBlock();
  }

  private resetBlock(): void {
    this.fence = null;
    this.hasContent = false;
    this.hasList = false;
    this.afterBlank = false;
  }
}

/** Splits a complete Markdown text into independently parseable blocks. */
export function splitMarkdownBlocks(text: string): string[] {
  const splitter = new MarkdownBlockSplitter();
  const blocks = splitter.push(text.replace(/\r\n?/g, '\n'));
  const rest = splitter.finish();
  if (rest !== '') blocks.push(rest);
  return blocks;
}
