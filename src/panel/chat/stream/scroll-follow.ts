/**
 * ## Scroll-follow for a growing scroll container
 *
 * Follows new content only while the user is near the bottom; once they scroll away,
 * it stops moving the view and raises {@link ScrollFollowController.showJump} so the UI
 * can offer "Jump to latest". Our own programmatic scrolls also fire `scroll` events
 * (asynchronously, possibly after more content arrived); they are recognised by the
 * scrollTop we set and do not count as the user leaving the bottom.
 *
 * With `observeContent`, size changes of the container and of each of its children
 * (ResizeObserver) count as new content too. Content is added in many ways besides
 * streamed text (the stored turn replacing the live view, tool cards, an approval card,
 * notices, errors, a long answer replayed over several frames); observing sizes covers
 * them all, where calling contentChanged() from each producer missed some (the diff
 * review appeared below the fold; the stored turn ended the run scrolled up). The
 * callback runs after layout and before paint, so following never shows a jump.
 */
import { signal, type Signal } from '@preact/signals';

/** Follow threshold of the message list, in CSS pixels. */
export const LIST_FOLLOW_THRESHOLD_PX = 72;
/** Follow threshold of the reasoning box, in CSS pixels. */
export const REASONING_FOLLOW_THRESHOLD_PX = 2;

/** Options for {@link ScrollFollowController}. */
export interface ScrollFollowOptions {
  /**
   * Distance from the bottom, in px, that still counts as "at the bottom".
   * @default LIST_FOLLOW_THRESHOLD_PX
   */
  readonly threshold?: number;
  /** Also follow size changes of the container and its children (ResizeObserver). */
  readonly observeContent?: boolean;
}

/** Keeps a scroll container pinned to its end while the user is there. */
export class ScrollFollowController {
  /** True when new content arrived while the user was scrolled away. */
  readonly showJump: Signal<boolean> = signal(false);
  private following = true;
  private programmaticTop: number | null = null;
  private readonly threshold: number;
  private readonly onScroll = (): void => this.handleScroll();
  private resizes: ResizeObserver | null = null;
  private children: MutationObserver | null = null;
  private lastSize = { height: -1, client: -1 };

  constructor(
    private readonly scroller: HTMLElement,
    options: ScrollFollowOptions = {},
  ) {
    this.threshold = options.threshold ?? LIST_FOLLOW_THRESHOLD_PX;
    scroller.addEventListener('scroll', this.onScroll, { passive: true });
    if (options.observeContent && typeof ResizeObserver !== 'undefined') this.observe();
  }

  /** Whether the view currently follows new content. */
  get isFollowing(): boolean {
    return this.following;
  }

  /** True when the visible end is within the threshold of the content's end. */
  isNearBottom(): boolean {
    const { scrollHeight, scrollTop, clientHeight } = this.scroller;
    return scrollHeight - scrollTop - clientHeight <= this.threshold;
  }

  /** Call after content changed (at most once per frame): follows or flags new content. */
  contentChanged(): void {
    if (this.following) this.scrollToEnd();
    else if (!this.showJump.peek()) this.showJump.value = true;
  }

  /** The "Jump to latest" action: scroll to the end and follow again. */
  jumpToLatest(): void {
    this.following = true;
    this.showJump.value = false;
    this.scrollToEnd();
  }

  /**
   * A size changed: follow if the person was at the bottom before the change (the flag
   * only changes on their scrolls), else offer Jump to latest if there is more below.
   */
  sizeChanged(): void {
    const height = this.scroller.scrollHeight;
    const client = this.scroller.clientHeight;
    const grew = height > this.lastSize.height;
    if (height === this.lastSize.height && client === this.lastSize.client) return;
    this.lastSize = { height, client };
    if (this.following) this.scrollToEnd();
    else if (grew && !this.isNearBottom() && !this.showJump.peek()) this.showJump.value = true;
  }

  /** Stops listening to the container. */
  dispose(): void {
    this.scroller.removeEventListener('scroll', this.onScroll);
    this.resizes?.disconnect();
    this.children?.disconnect();
  }

  private observe(): void {
    const resizes = new ResizeObserver(() => this.sizeChanged());
    resizes.observe(this.scroller);
    for (const child of Array.from(this.scroller.children)) resizes.observe(child);
    // New children are observed as they come (a first observation reports their size).
    const children = new MutationObserver((records) => {
      for (const record of records) {
        record.addedNodes.forEach((node) => {
          if (node instanceof Element) resizes.observe(node);
        });
        record.removedNodes.forEach((node) => {
          if (node instanceof Element) resizes.unobserve(node);
        });
      }
    });
    children.observe(this.scroller, { childList: true });
    this.resizes = resizes;
    this.children = children;
  }

  private scrollToEnd(): void {
    const top = Math.max(0, this.scroller.scrollHeight - this.scroller.clientHeight);
    this.scroller.scrollTop = top;
    this.programmaticTop = this.scroller.scrollTop;
  }

  private handleScroll(): void {
    if (this.programmaticTop !== null && this.scroller.scrollTop === this.programmaticTop) return;
    this.programmaticTop = null;
    this.following = this.isNearBottom();
    if (this.following && this.showJump.peek()) this.showJump.value = false;
  }
}
