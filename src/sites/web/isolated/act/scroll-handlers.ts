// The scroll methods' handlers in one frame. The isolated world shares the page's
// DOM, so scrolling here scrolls what the person sees; page scripts may override the
// page's own scroll functions, but not the isolated world's.
import type { RequestChannel, RequestHandlers } from '../../../../shared/protocol/define-channel';
import type { IsolatedFrame } from '../../../../page/kit/isolated-site';
import type { scrollMethods } from '../../methods/scroll-methods';
import type { RefRegistry } from '../tree/refs';
import { scrollContainer, scrollTarget } from './scroll-container';

type Channel = RequestChannel<typeof scrollMethods>;

export { SCROLL_STEP, scrollTarget } from './scroll-container';

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
  refs: RefRegistry,
  view: Window = window,
): RequestHandlers<Channel> {
  return {
    'web/scroll-page': ({ direction }) => {
      const before = measure(view);
      view.scrollTo({ top: scrollTarget(direction, before), behavior: 'instant' });
      const after = measure(view);
      return Promise.resolve({ ...after, moved: after.scrollY !== before.scrollY });
    },
    'web/scroll-container': ({ ref, direction }) => scrollContainer(refs, ref, direction),
  };
}
