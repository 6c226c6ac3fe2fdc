/**
 * ## The streaming answer: an ordered list of segments
 *
 * An answer is a sequence of segments: text (Markdown), reasoning (plain, collapsible)
 * and tools (a host element whose tool cards another controller owns). This class
 * receives raw stream deltas, keeps their exact channel order, and applies them to the
 * DOM at most once per animation frame: deltas arriving within one frame are coalesced
 * into one update. It is plain TS over DOM nodes so a 20,000-token stream never goes
 * through Preact diffing; a component only hosts {@link StreamingAnswer.element}.
 *
 * Segment rules: a channel switch closes the current segment (a text segment then
 * renders its remaining tail once); answer text or tools starting collapse reasoning;
 * `end()` flushes synchronously and closes everything. Calls after `end()` are ignored.
 */
import { animationFrameScheduler, type FrameScheduler } from './frame-scheduler';
import { ReasoningSegment } from './reasoning-segment';
import { StreamingTextSegment, type BlockRenderer } from './text-segment';

/** The kinds of segment an answer holds. */
export type SegmentKind = 'text' | 'reasoning' | 'tools';

/** Options for {@link StreamingAnswer}. */
export interface StreamingAnswerOptions {
  /**
   * When to apply queued deltas.
   * @default animationFrameScheduler
   */
  readonly scheduler?: FrameScheduler;
  /** Renders completed Markdown blocks; defaults to renderMarkdownFragment. */
  readonly render?: BlockRenderer;
  /** Called after each DOM update (e.g. ScrollFollowController.contentChanged). */
  readonly onUpdate?: () => void;
}

interface QueuedDelta {
  readonly kind: 'text' | 'reasoning';
  text: string;
}

type OpenSegment =
  | { readonly kind: 'text'; readonly segment: StreamingTextSegment }
  | { readonly kind: 'reasoning'; readonly segment: ReasoningSegment }
  | { readonly kind: 'tools'; readonly host: HTMLElement };

/** Class of a tools segment host element. */
export const TOOLS_SEGMENT_CLASS = 'stream-tools';

/** Renders one streaming assistant answer into {@link element}. */
export class StreamingAnswer {
  /** The answer's root element; host it once, it updates itself. */
  readonly element: HTMLElement;
  private readonly scheduler: FrameScheduler;
  private readonly options: StreamingAnswerOptions;
  private readonly queue: QueuedDelta[] = [];
  private readonly reasoning: ReasoningSegment[] = [];
  private current: OpenSegment | null = null;
  private frame: number | null = null;
  private ended = false;
  private received = { text: 0, reasoning: 0 };

  constructor(options: StreamingAnswerOptions = {}) {
    this.options = options;
    this.scheduler = options.scheduler ?? animationFrameScheduler;
    this.element = document.createElement('div');
    this.element.className = 'stream-answer';
  }

  /** The kinds of the segments so far, in order (for tests and accessibility labels). */
  get segmentKinds(): SegmentKind[] {
    return Array.from(
      this.element.children,
      (child) => (child.getAttribute('data-segment') ?? 'text') as SegmentKind,
    );
  }

  /**
   * Characters received per channel (before newline normalization). Lets a stored turn
   * check that this answer shows exactly its text before taking it over.
   */
  get receivedChars(): { readonly text: number; readonly reasoning: number } {
    return { ...this.received };
  }

  /** Whether {@link end} has run. */
  get isEnded(): boolean {
    return this.ended;
  }

  /** Queues answer text; applied on the next frame. */
  appendText(delta: string): void {
    this.enqueue('text', delta);
  }

  /** Queues reasoning text; applied on the next frame. */
  appendReasoning(delta: string): void {
    this.enqueue('reasoning', delta);
  }

  /**
   * Starts a tools segment: flushes queued text, closes the current segment and returns
   * an empty host element for the tool cards (owned by the caller).
   */
  startTools(): HTMLElement {
    this.flush();
    const host = document.createElement('div');
    host.className = TOOLS_SEGMENT_CLASS;
    host.setAttribute('data-segment', 'tools');
    if (this.ended) return host;
    this.switchTo({ kind: 'tools', host });
    this.element.append(host);
    this.options.onUpdate?.();
    return host;
  }

  /** Ends the answer: applies everything queued now and closes the open segment. */
  end(): void {
    if (this.ended) return;
    this.flush();
    this.closeCurrent();
    this.ended = true;
    this.options.onUpdate?.();
  }

  /** Applies queued deltas now (normally run by the frame scheduler). */
  flush(): void {
    if (this.frame !== null) {
      this.scheduler.cancel(this.frame);
      this.frame = null;
    }
    if (this.queue.length === 0 || this.ended) return;
    for (const item of this.queue.splice(0)) this.write(item);
    this.options.onUpdate?.();
  }

  private enqueue(kind: 'text' | 'reasoning', delta: string): void {
    if (this.ended || delta === '') return;
    this.received[kind] += delta.length;
    const last = this.queue[this.queue.length - 1];
    if (last?.kind === kind) last.text += delta;
    else this.queue.push({ kind, text: delta });
    this.frame ??= this.scheduler.request(() => {
      this.frame = null;
      this.flush();
    });
  }

  private write(item: QueuedDelta): void {
    if (item.kind === 'text') this.openText().write(item.text);
    else this.openReasoning().write(item.text);
  }

  private openText(): StreamingTextSegment {
    if (this.current?.kind === 'text') return this.current.segment;
    const segment = new StreamingTextSegment(this.options.render);
    segment.element.setAttribute('data-segment', 'text');
    this.switchTo({ kind: 'text', segment });
    this.element.append(segment.element);
    return segment;
  }

  private openReasoning(): ReasoningSegment {
    if (this.current?.kind === 'reasoning') return this.current.segment;
    const segment = new ReasoningSegment();
    segment.element.setAttribute('data-segment', 'reasoning');
    this.switchTo({ kind: 'reasoning', segment });
    this.reasoning.push(segment);
    this.element.append(segment.element);
    return segment;
  }

  private switchTo(next: OpenSegment): void {
    this.closeCurrent();
    // Answer text or tools starting means the thinking is over for now.
    if (next.kind !== 'reasoning') for (const segment of this.reasoning) segment.collapse();
    this.current = next;
  }

  private closeCurrent(): void {
    if (this.current?.kind === 'text' || this.current?.kind === 'reasoning')
      this.current.segment.close();
    this.current = null;
  }
}
