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
  private buffer = '';
  private lineStart = 0;
  private searchFrom = 0;
  private fence: OpenFence | null = null;
  private hasContent = false;
  private hasList = false;
  private afterBlank = false;
  private definitions = false;

  /** The text not yet emitted as a block (the unfinished tail). */
  get tail(): string {
    return this.buffer;
  }

  /** True once any line looked like a link reference definition (`[id]: url`). */
  get sawDefinition(): boolean {
    return this.definitions;
  }

  /** Appends text and returns the blocks it completed, in order. */
  push(text: string): string[] {
    this.buffer += text;
    const blocks: string[] = [];
    for (;;) {
      if (this.afterBlank && this.fence === null) {
        const decision = this.decideAfterBlank();
        if (decision === 'wait') break;
        if (decision === 'split') this.emit(this.lineStart, blocks);
        else if (decision === 'continue') this.afterBlank = false;
      }
      const newline = this.buffer.indexOf('\n', Math.max(this.lineStart, this.searchFrom));
      if (newline === -1) {
        this.searchFrom = this.buffer.length;
        break;
      }
      this.processLine(this.buffer.slice(this.lineStart, newline), newline + 1, blocks);
    }
    return blocks;
  }

  /** Ends the stream: returns the remaining tail (maybe empty) and resets. */
  finish(): string {
    const rest = this.buffer;
    this.buffer = '';
    this.lineStart = 0;
    this.searchFrom = 0;
    this.resetBlock();
    return rest;
  }

  private decideAfterBlank(): 'wait' | 'split' | 'continue' | 'blank' {
    const prefix = this.buffer.slice(this.lineStart, this.lineStart + DECISION_PREFIX_CHARS);
    const firstLine = prefix.split('\n', 1)[0] ?? '';
    if (BLANK_LINE.test(firstLine)) return prefix.includes('\n') ? 'blank' : 'wait';
    if (firstLine.startsWith(' ') || firstLine.startsWith('\t')) return 'continue';
    if (!this.hasList) return 'split';
    if (LIST_MARKER_AFTER_BLANK.test(prefix)) return 'continue';
    const complete = prefix.includes('\n') || prefix.length === DECISION_PREFIX_CHARS;
    return !complete && POSSIBLE_LIST_MARKER_PREFIX.test(firstLine) ? 'wait' : 'split';
  }

  private processLine(line: string, lineEnd: number, blocks: string[]): void {
    this.lineStart = lineEnd;
    if (this.fence !== null) {
      const fence = this.fence;
      const trimmed = line.trim();
      const closes = trimmed.length >= fence.length && trimmed === fence.marker.repeat(trimmed.length);
      if (!closes) return;
      this.fence = null;
      if (fence.endsBlock) this.emit(lineEnd, blocks);
      return;
    }
    if (BLANK_LINE.test(line)) {
      if (this.hasContent) this.afterBlank = true;
      return;
    }
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

  private emit(end: number, blocks: string[]): void {
    const block = this.buffer.slice(0, end);
    if (block !== '') blocks.push(block);
    this.buffer = this.buffer.slice(end);
    this.lineStart -= end;
    this.searchFrom = Math.max(0, this.searchFrom - end);
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
