/**
 * ## A streaming reasoning ("Thinking…") segment
 *
 * A collapsible <details> whose body is one Text node that only ever grows by suffix
 * (`appendData`): the reasoning is never re-rendered whole, which would be O(n²) over a
 * long thought (re-rendering it whole per delta is quadratic). Reasoning is
 * shown as plain, neutralized text, never as Markdown. The body follows its own end with
 * a 2 px threshold, independent of the message list.
 */
import { neutralizeText } from '../../markdown/neutralize-text';
import { formatCharCount } from './format-count';
import { NewlineNormalizer } from './newline-normalizer';
import { REASONING_FOLLOW_THRESHOLD_PX, ScrollFollowController } from './scroll-follow';

/** Class names used by the chat stylesheet (the body needs `white-space: pre-wrap`). */
export const REASONING_SEGMENT_CLASS = 'stream-reasoning';

/** One reasoning segment of an answer. */
export class ReasoningSegment {
  /** The segment's root element, to be placed by the owner. */
  readonly element: HTMLDetailsElement;
  private readonly label: HTMLElement;
  private readonly count: HTMLElement;
  private readonly bodyText: Text;
  private readonly follow: ScrollFollowController;
  private readonly newlines = new NewlineNormalizer();
  private characters = 0;
  private closed = false;
  private firstWriteAt: number | null = null;

  /** @param now The clock the thought is timed with (milliseconds). */
  constructor(private readonly now: () => number = () => performance.now()) {
    this.element = document.createElement('details');
    this.element.className = REASONING_SEGMENT_CLASS;
    this.element.open = true;
    const summary = document.createElement('summary');
    this.label = document.createElement('span');
    this.label.className = `${REASONING_SEGMENT_CLASS}-label`;
    this.label.textContent = 'Thinking\u2026';
    this.count = document.createElement('span');
    this.count.className = `${REASONING_SEGMENT_CLASS}-count`;
    this.count.textContent = formatCharCount(0);
    summary.append(this.label, ' ', this.count);
    const body = document.createElement('div');
    body.className = `${REASONING_SEGMENT_CLASS}-body`;
    this.bodyText = document.createTextNode('');
    body.append(this.bodyText);
    this.element.append(summary, body);
    this.follow = new ScrollFollowController(body, { threshold: REASONING_FOLLOW_THRESHOLD_PX });
  }

  /** Number of reasoning characters received so far. */
  get characterCount(): number {
    return this.characters;
  }

  /** Appends one (coalesced) delta as a text suffix. */
  write(delta: string): void {
    if (this.closed) return;
    const text = this.newlines.push(delta);
    if (text === '') return;
    this.firstWriteAt ??= this.now();
    this.characters += text.length;
    this.bodyText.appendData(neutralizeText(text));
    this.count.textContent = formatCharCount(this.characters);
    this.follow.contentChanged();
  }

  /** Collapses the block (answer text or tools started). */
  collapse(): void {
    this.element.open = false;
  }

  /**
   * Ends the segment: the header says how long the model thought ("Thought for 3 s"),
   * or just "Thought" when it was not watched for a second (a stored chat replays its
   * reasoning at once, and its duration is not kept).
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const seconds = this.firstWriteAt === null ? 0 : (this.now() - this.firstWriteAt) / 1_000;
    this.label.textContent = seconds >= 1 ? `Thought for ${Math.round(seconds)} s` : 'Thought';
    this.follow.dispose();
  }
}
