// `get_selection`: what the person has selected on the page, or the selected part of
// the focused text field. A selection in a password or card field is never read: the
// result says only that one was withheld.
import { z } from '../../../../shared/schema/zod';
import { defineTool } from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import { asOutcome, callPage, count, success, topFrameRef } from './read-support';

export const getSelectionTool = defineTool({
  name: 'get_selection',
  description:
    "Read the person's current selection on the page (or the selected text in the focused field). Never reads password or card fields.",
  arguments: z.strictObject({}),
  effect: 'read',
  activity: () => 'Read the selected text',
  approval: 'automatic',
  execute: (_args, context) =>
    asOutcome(context, async () => {
      const selection = await callPage(context, 'web/get-selection', {});
      const withheld = selection.withheld
        ? `The selection is in a ${selection.withheld.replace(/-/g, ' ')} field; its text is not read.`
        : null;
      return success(
        {
          ...untrustedPageData(selection.url, { text: selection.text }),
          selected: selection.source !== 'none',
          source: selection.source,
          total_chars: selection.totalChars,
          cut: selection.truncated
            ? `[Cut here: the selection has ${count(selection.totalChars)} characters; the first ${count(selection.text.length)} are shown.]`
            : null,
          field_ref: selection.fieldRef === null ? null : topFrameRef(selection.fieldRef),
          withheld,
          in_frame:
            selection.focusedFrameRef === null
              ? null
              : `The focus is inside a frame (ref ${topFrameRef(selection.focusedFrameRef)}); a selection there belongs to that frame's document, which this tool does not read. Any text above is selected in the page around it.`,
        },
        selection.source === 'none'
          ? 'Nothing is selected.'
          : (withheld ?? `${count(selection.totalChars)} characters selected.`),
      );
    }),
});
