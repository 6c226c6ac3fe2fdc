// The scroll method's handler in one frame. The isolated world shares the page's
// DOM, so scrolling here scrolls what the person sees; page scripts may override the
// page's own scroll functions, but not the isolated world's.
import type { RequestChannel, RequestHandlers } from '../../../../shared/protocol/define-channel';
import type { IsolatedFrame } from '../../../../page/kit/isolated-site';
import type { scrollMethods, ScrollDirection } from '../../methods/scroll-methods';

type Channel = RequestChannel<typeof scrollMethods>;

/** The share of the viewport one step scrolls, so a line of context stays in view. */
export const SCROLL_STEP = 0.85;

/** Where a scroll in `direction` lands, clamped to the document. */
export function scrollTarget(
  direction: ScrollDirection,
  current: { scrollY: number; maxScrollY: number; viewportHeight: number },
): number {
  const step = Math.round(current.viewportHeight * SCROLL_STEP);
  const wanted =
    direction === 'top'
      ? 0
      : direction === 'bottom'
        ? current.maxScrollY
        : current.scrollY + (direction === 'down' ? step : -step);
  return Math.min(Math.max(wanted, 0), current.maxScrollY);
}

function measure(view: Window) {
  const root = view.document.scrollingElement ?? view.document.documentElement;
  const viewportHeight = Math.round(view.innerHeight);
  return {
    scrollY: Math.round(view.scrollY),
    maxScrollY: Math.max(0, Math.round(root.scrollHeight - viewportHeight)),
    viewportHeight,
  };
}

export function startScrollHandlers(
  _signal: AbortSignal,
  _frame: IsolatedFrame,
  view: Window = window,
): RequestHandlers<Channel> {
  return {
    'web/scroll-page': ({ direction }) => {
      const before = measure(view);
      view.scrollTo({ top: scrollTarget(direction, before), behavior: 'instant' });
      const after = measure(view);
      return Promise.resolve({ ...after, moved: after.scrollY !== before.scrollY });
    },
  };
}
