// `get_window_info`: the facts of the page's window the model needs to reason about
// position and frames: address, title, viewport and device pixel ratio, scroll
// position and scrollable size, loading state, focus, and the frames the page embeds.
import { z } from '../../../../shared/schema/zod';
import { defineTool } from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import { asOutcome, callPage, modelJson, success, topFrameRef } from './read-support';

export const getWindowInfoTool = defineTool({
  name: 'get_window_info',
  description:
    "The page's window: URL, title, viewport, pixel ratio, scroll position and size, loading state, the focused element's ref, and its frames (URL, origin, readable).",
  arguments: z.strictObject({}),
  effect: 'read',
  activity: () => 'Checked the window and tab',
  approval: 'automatic',
  execute: (_args, context) =>
    asOutcome(context, async () => {
      const info = await callPage(context, 'web/window-info', {});
      return success(
        {
          ...untrustedPageData(info.url, {
            title: info.title,
            frames: modelJson(info.frames),
          }),
          viewport: modelJson(info.viewport),
          device_pixel_ratio: info.devicePixelRatio,
          pinch_zoom: info.pinchZoom,
          zoom_note:
            'Browser zoom is part of device_pixel_ratio; a page script cannot tell it apart from the screen scale.',
          scroll: modelJson(info.scroll),
          scroll_size: modelJson(info.scrollSize),
          ready_state: info.readyState,
          focused: info.focused
            ? {
                ref: topFrameRef(info.focused.ref),
                element: info.focused.tag,
                is_frame: info.focused.inFrame,
              }
            : null,
          frame_count: info.frameCount,
          frames_listed: info.frames.length,
          cut:
            info.frames.length < info.frameCount
              ? `[Cut to fit: ${info.frames.length} of ${info.frameCount} frames listed.]`
              : null,
        },
        `${info.viewport.width}×${info.viewport.height} at ${info.devicePixelRatio}×, scrolled to ${info.scroll.y}; ${info.frameCount} frames.`,
      );
    }),
});
