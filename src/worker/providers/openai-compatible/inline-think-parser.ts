// ## Owns
// Routing inline `<think>…</think>` (DeepSeek-R1 and Qwen on llama.cpp, Ollama,
// vLLM) from content to the reasoning channel while streaming.
// ## Why
// The reference rescanned its whole held buffer on every delta and released
// reasoning only when `</think>` arrived: quadratic, and a silent panel for minutes
// (study §6.1 item 6). This machine looks at each character once and holds back only
// a possible partial tag (at most 7 characters), so reasoning shows as it arrives.

const OPEN_TAG = '<think>';
const CLOSE_TAG = '</think>';

/** Receives routed text; empty strings are never passed. */
export interface ThinkSink {
  text(text: string): void;
  reasoning(text: string): void;
}

/** Streaming splitter for one response's content. */
export class InlineThinkParser {
  private isInside = false;
  private held = '';
  /** Right after `</think>` models emit blank lines before the answer; they are dropped. */
  private isTrimmingAnswerStart = false;

  constructor(private readonly sink: ThinkSink) {}

  /** Routes one content delta. */
  push(delta: string): void {
    // Most deltas hold no tag and no tag start at all: one scan, then pass them on.
    if (this.held === '' && delta.indexOf('<') === -1) {
      this.emit(delta);
      return;
    }
    const text = this.held === '' ? delta : this.held + delta;
    this.held = '';
    let position = 0;
    for (;;) {
      const tag = this.isInside ? CLOSE_TAG : OPEN_TAG;
      const found = text.indexOf(tag, position);
      if (found === -1) break;
      this.emit(text.slice(position, found));
      this.isInside = !this.isInside;
      this.isTrimmingAnswerStart = !this.isInside;
      position = found + tag.length;
    }
    const keep = partialTagSuffix(text, position, this.isInside ? CLOSE_TAG : OPEN_TAG);
    this.emit(text.slice(position, text.length - keep));
    if (keep > 0) this.held = text.slice(text.length - keep);
  }

  /** End of content: a held partial tag is plain text; an unclosed block stays reasoning. */
  end(): void {
    const rest = this.held;
    this.held = '';
    this.emit(rest);
  }

  private emit(text: string): void {
    if (text === '') return;
    if (this.isInside) {
      this.sink.reasoning(text);
      return;
    }
    let answer = text;
    if (this.isTrimmingAnswerStart) {
      answer = answer.trimStart();
      if (answer === '') return;
      this.isTrimmingAnswerStart = false;
    }
    this.sink.text(answer);
  }
}

/** Length of the longest suffix of `text[from:]` that is a proper prefix of `tag`. */
function partialTagSuffix(text: string, from: number, tag: string): number {
  const lastOpen = text.lastIndexOf('<');
  if (lastOpen < from || lastOpen < text.length - (tag.length - 1)) return 0;
  const suffix = text.slice(lastOpen);
  return tag.startsWith(suffix) ? suffix.length : 0;
}
