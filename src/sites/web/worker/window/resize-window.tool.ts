// `resize_window`: sets the outer size of the browser window that shows the run's
// tab, for tasks that need a narrow (mobile) or a wide layout. Sizes are bounded to
// what a screen can show; the browser may fit the window to the screen, so the
// result says the size it really has. The window goes back to its size when the
// run ends (window-sizes.ts). Offered only when the person asks about the window or
// the layout, so ordinary runs do not carry it.
import { z } from '../../../../shared/schema/zod';
import { defineTool } from '../../../../worker/tools/define-tool';
import type { WindowSizes } from './window-sizes';

export const MIN_WIDTH = 320;
export const MIN_HEIGHT = 240;
export const MAX_WIDTH = 7_680;
export const MAX_HEIGHT = 4_320;

const Arguments = z.strictObject({
  width: z.number().int().min(MIN_WIDTH).max(MAX_WIDTH).describe('Outer width in pixels.'),
  height: z.number().int().min(MIN_HEIGHT).max(MAX_HEIGHT).describe('Outer height in pixels.'),
});

const WINDOW_WORDS =
  /\b(window|resize\w*|viewport|responsive|mobile (view|layout|version|site)|screen size|narrow|breakpoint)/i;

/** Whether the person's words ask about the window or the layout at a size. */
export const asksForWindowSize = (personText: readonly string[]): boolean =>
  personText.some((text) => WINDOW_WORDS.test(text));

export function resizeWindowTool(sizes: WindowSizes) {
  return defineTool({
    name: 'resize_window',
    description:
      "Resize the browser window showing the page (outer size, px), e.g. to see a site's mobile layout. Restored when the task ends.",
    arguments: Arguments,
    effect: 'read',
    activity: ({ width, height }) => `Resized the window to ${width}\u00d7${height}`,
    approval: 'automatic',
    modes: ['act', 'dev'],
    offerWhen: asksForWindowSize,
    async execute({ width, height }, context) {
      let windowId: number;
      try {
        windowId = await sizes.control.windowOf(context.identity.tabId);
      } catch {
        return {
          ok: false,
          code: 'INPUT_TAB_CLOSED',
          message: 'The tab of this task is gone, so there is no window to resize.',
        };
      }
      const before = await sizes.remember(context.runId, windowId);
      const after = await sizes.control.resize(windowId, { width, height });
      const fitted = after.width !== width || after.height !== height;
      return {
        ok: true,
        result: {
          requested: { width, height },
          size: { width: after.width, height: after.height },
          restores_to: { width: before.width, height: before.height, state: before.state },
          ...(fitted
            ? {
                note: `The browser fitted the window to ${after.width}\u00d7${after.height} (the screen or its own limits).`,
              }
            : {}),
        },
        summary: `Window is ${after.width}\u00d7${after.height}${fitted ? ` (asked ${width}\u00d7${height})` : ''}.`,
      };
    },
  });
}
