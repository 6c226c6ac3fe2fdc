// `scroll_page`: the one scroll tool. Without a ref it moves the view of the run's
// page a screenful up or down, or to the top or bottom; with a ref it scrolls that
// element's nearest scrollable container (an inner list, a side pane, a dialog's
// body), or the page when nothing around the element scrolls. It says what moved and
// by how much, and says so plainly when nothing did. It changes nothing on the page
// and sends nothing, so it needs no approval; it moves what the person is looking
// at, so Ask mode (reading only, leaving the person's tab as it is) does not offer it.
import { z } from '../../../../shared/schema/zod';
import {
  defineTool,
  type ToolOutcome,
  type ToolRunContext,
} from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import { ScrollDirectionSchema, type ScrollDirection } from '../../methods/scroll-methods';
import { parseActionRef } from '../actions/action-target';
import { RefArgument } from '../actions/resolve-target';

const Arguments = z.strictObject({
  direction: ScrollDirectionSchema.describe('up/down: about one screen; top/bottom: to that end.'),
  ref: RefArgument.optional().describe('Scroll the pane holding this element.'),
});

const where = (offset: number, max: number) =>
  offset === 0 ? 'at the top' : offset >= max ? 'at the bottom' : 'part way down';

async function scrollByRef(
  refText: string,
  direction: ScrollDirection,
  context: ToolRunContext,
): Promise<ToolOutcome> {
  const parsed = parseActionRef(refText);
  if ('ok' in parsed) return parsed;
  const answer = await context.page.request('web/scroll-container', {
    ref: parsed.number,
    direction,
  });
  if (!answer.ok) return { ok: false, code: answer.error.code, message: answer.error.message };
  const scrolled = answer.data;
  if (scrolled.status === 'gone') {
    return {
      ok: false,
      code: 'PAGE_REF_NOT_FOUND',
      message: `${refText} no longer names an element on the page (it was removed, or the ref is from an earlier page). Look at the page again for fresh refs.`,
    };
  }
  const { before, after, max, viewport } = scrolled;
  const moved = after - before;
  const what = scrolled.container === null ? 'the page' : 'its container';
  const now = where(after, max);
  return {
    ok: true,
    result: {
      scrolled: scrolled.container === null ? 'page' : 'container',
      moved_px: moved,
      scroll_top: after,
      max_scroll_top: max,
      visible_height: viewport,
      ...(moved === 0
        ? {
            note:
              max === 0
                ? `Nothing moved: nothing around ${refText} scrolls, and the page is as tall as its view.`
                : `Nothing moved: ${what} is already ${now}.`,
          }
        : {}),
      ...(scrolled.container === null
        ? {}
        : untrustedPageData('the container that scrolled', { container: scrolled.container })),
    },
    summary:
      moved === 0
        ? `Nothing moved; ${what} is already ${now}.`
        : `Scrolled ${what} ${direction} by ${Math.abs(moved)} px; now ${now}.`,
  };
}

export const scrollPageTool = defineTool({
  name: 'scroll_page',
  description:
    'Scroll the page the person sees, or with a ref the list or pane holding that element. Says what moved and by how much.',
  arguments: Arguments,
  effect: 'read',
  activity: ({ direction, ref }) => {
    const end = direction === 'top' || direction === 'bottom';
    if (ref !== undefined)
      return end
        ? `Scrolled to the ${direction} around ${ref}`
        : `Scrolled ${direction} around ${ref}`;
    return end ? `Scrolled to the ${direction} of the page` : `Scrolled ${direction}`;
  },
  approval: 'automatic',
  modes: ['act', 'dev'],
  async execute({ direction, ref }, context) {
    if (ref !== undefined) return scrollByRef(ref, direction, context);
    const answer = await context.page.request('web/scroll-page', { direction });
    if (!answer.ok) return { ok: false, code: answer.error.code, message: answer.error.message };
    const { scrollY, maxScrollY, viewportHeight, moved } = answer.data;
    const now = where(scrollY, maxScrollY);
    return {
      ok: true,
      result: {
        scroll_y: scrollY,
        max_scroll_y: maxScrollY,
        viewport_height: viewportHeight,
        moved,
        ...(moved ? {} : { note: `Nothing moved: the page is already ${now}.` }),
      },
      summary: moved ? `Scrolled ${direction}; now ${now}.` : `Already ${now}.`,
    };
  },
});
