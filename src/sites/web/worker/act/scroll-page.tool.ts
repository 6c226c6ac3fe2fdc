// `scroll_page`: moves the view of the run's page a screenful up or down, or to the
// top or bottom. It changes nothing on the page and sends nothing, so it needs no
// approval; it moves what the person is looking at, so Ask mode (reading only,
// leaving the person's tab as it is) does not offer it.
import { z } from '../../../../shared/schema/zod';
import { defineTool } from '../../../../worker/tools/define-tool';
import { ScrollDirectionSchema } from '../../methods/scroll-methods';

const Arguments = z.strictObject({
  direction: ScrollDirectionSchema.describe(
    'up/down: about one screen; top/bottom: to that end of the page.',
  ),
});

export const scrollPageTool = defineTool({
  name: 'scroll_page',
  description: 'Scroll the page the person sees. Returns the new scroll position.',
  arguments: Arguments,
  effect: 'read',
  activity: ({ direction }) =>
    direction === 'top' || direction === 'bottom'
      ? `Scrolled to the ${direction} of the page`
      : `Scrolled ${direction}`,
  approval: 'automatic',
  modes: ['act', 'dev'],
  async execute({ direction }, context) {
    const answer = await context.page.request('web/scroll-page', { direction });
    if (!answer.ok) return { ok: false, code: answer.error.code, message: answer.error.message };
    const { scrollY, maxScrollY, viewportHeight, moved } = answer.data;
    const where =
      scrollY === 0 ? 'at the top' : scrollY >= maxScrollY ? 'at the bottom' : 'part way down';
    return {
      ok: true,
      result: {
        scroll_y: scrollY,
        max_scroll_y: maxScrollY,
        viewport_height: viewportHeight,
        moved,
      },
      summary: moved ? `Scrolled ${direction}; now ${where}.` : `Already ${where}.`,
    };
  },
});
