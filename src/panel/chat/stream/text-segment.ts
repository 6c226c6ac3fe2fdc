/**
 * ## A streaming answer text segment
 *
 * Owns the DOM of one text segment: rendered blocks followed by an inert tail.
 * - The unfinished tail is a single Text node; new text is appended as a suffix
 *   (`appendData`), never re-set, so a frame costs O(delta).
 * - Each completed Markdown block (markdown/block-splitter.ts) is rendered ONCE through
 *   renderMarkdownFragment and inserted before the tail; the tail then holds only the
 *   text after the block. Total work over a stream is O(n).
 * - On close the remaining tail is rendered once. If the text used link reference
 *   definitions (`[id]: url`), which only resolve within one parse, the whole segment
 *   is rendered once more so reference links work; still O(n) overall.
 * Never: innerHTML, or showing untrusted text other than via the Markdown boundary or
 * as neutralized text.
 */
import { MarkdownBlockSplitter } from '../../markdown/block-splitter';
import { neutralizeText } from '../../markdown/neutralize-text';
import { renderMarkdownFragment } from '../../markdown/render-markdown';
import { maskSecrets, secretMasking } from '../../markdown/secret-masking';
import { NewlineNormalizer } from './newline-normalizer';

/** Renders one completed Markdown block; injectable so tests can count calls. */
export type BlockRenderer = (markdown: string) => DocumentFragment;

/** Class names used by the chat stylesheet. */
export const TEXT_SEGMENT_CLASS = 'stream-text';
/** The tail must be styled `white-space: pre-wrap` so raw line breaks show. */
export const TEXT_TAIL_CLASS = 'stream-tail';

/** One streaming text segment of an answer. */
export class StreamingTextSegment {
  /** The segment's root element, to be placed by the owner. */
  readonly element: HTMLElement;
  private readonly tail: HTMLElement;
  private readonly tailText: Text;
  private readonly splitter = new MarkdownBlockSplitter();
  private readonly newlines = new NewlineNormalizer();
  private readonly committed: string[] = [];
  private closed = false;

  constructor(private readonly render: BlockRenderer = renderMarkdownFragment) {
    this.element = document.createElement('div');
    this.element.className = TEXT_SEGMENT_CLASS;
    this.tail = document.createElement('div');
    this.tail.className = TEXT_TAIL_CLASS;
    this.tailText = document.createTextNode('');
    this.tail.append(this.tailText);
    this.element.append(this.tail);
  }

  /** Whether {@link close} has run. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** Applies one (coalesced) delta. Call at most once per frame. */
  write(delta: string): void {
    if (this.closed) return;
    const text = this.newlines.push(delta);
    if (text === '') return;
    const blocks = this.splitter.push(text);
    if (blocks.length === 0) {
      // A masked tail is masked whole: a secret can arrive over several deltas.
      if (secretMasking.value) this.tailText.data = neutralizeText(maskSecrets(this.splitter.tail));
      else this.tailText.appendData(neutralizeText(text));
      return;
    }
    for (const block of blocks) {
      this.committed.push(block);
      this.element.insertBefore(this.render(block), this.tail);
    }
    // The tail is now only the text after the last block: short, so resetting is cheap.
    this.tailText.data = neutralizeText(maskSecrets(this.splitter.tail));
  }

  /** Ends the segment: renders the remaining tail once and removes the inert tail. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const usedDefinitions = this.splitter.sawDefinition;
    const rest = this.splitter.finish();
    this.tail.remove();
    if (rest.trim() !== '') {
      this.committed.push(rest);
      this.element.append(this.render(rest));
    }
    if (usedDefinitions && this.committed.length > 1) {
      this.element.replaceChildren(this.render(this.committed.join('')));
    }
  }
}
