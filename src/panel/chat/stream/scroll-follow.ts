/**
 * ## Scroll-follow for a growing scroll container
 *
 * Follows new content only while the user is near the bottom; once they scroll away,
 * it stops moving the view and raises {@link ScrollFollowController.showJump} so the UI
 * can offer "Jump to latest". Our own programmatic scrolls also fire `scroll` events
 * (asynchronously, possibly after more content arrived); they are recognised by the
 * scrollTop we set and do not count as the user leaving the bottom.
 */
import { signal, type Signal } from '@preact/signals';

/** Follow threshold of the message list, in CSS pixels (STR-07). */
export const LIST_FOLLOW_THRESHOLD_PX = 72;
/** Follow threshold of the reasoning box, in CSS pixels (STR-07). */
export const REASONING_FOLLOW_THRESHOLD_PX = 2;

/** Options for {@link ScrollFollowController}. */
export interface ScrollFollowOptions {
  /**
   * Distance from the bottom, in px, that still counts as "at the bottom".
   * @default LIST_FOLLOW_THRESHOLD_PX
   */
  readonly threshold?: number;
}

/** Keeps a scroll container pinned to its end while the user is there. */
export class ScrollFollowController {
  /** True when new content arrived while the user was scrolled away. */
  readonly showJump: Signal<boolean> = signal(false);
  private following = true;
  private programmaticTop: number | null = null;
  private readonly threshold: number;
  private readonly onScroll = (): void => this.handleScroll();

  constructor(
    private readonly scroller: HTMLElement,
    options: ScrollFollowOptions = {},
  ) {
    this.threshold = options.threshold ?? LIST_FOLLOW_THRESHOLD_PX;
    scroller.addEventListener('scroll', this.onScroll, { passive: true });
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

  /** Stops listening to the container. */
  dispose(): void {
    this.scroller.removeEventListener('scroll', this.onScroll);
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
