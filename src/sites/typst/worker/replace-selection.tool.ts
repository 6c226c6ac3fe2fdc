// `replace_selection` (study TOOL-09): replace the selection captured with the message.
// Effect editor-write, approval editor-review: Ask shows the diff and waits for
// Apply/Reject; Auto approve commits the same prepared change set without the wait.
import { defineTool, type ToolDefinition } from '../../../worker/tools/define-tool';
import {
  ReplaceSelectionArgumentsSchema,
  type ReplaceSelectionArguments,
} from '../edit/edit-tool-schemas';
import { runEdit, type EditHooks } from './edit-flow';
import { asOutcome } from './tool-support';

/** Builds `replace_selection` with the run's edit hooks (the revert journal's checkpoint seam). */
export function createReplaceSelectionTool(
  hooks: EditHooks = {},
): ToolDefinition<ReplaceSelectionArguments> {
  return defineTool({
    name: 'replace_selection',
    description: 'Replace the text the person had selected when they sent the message.',
    arguments: ReplaceSelectionArgumentsSchema,
    effect: 'editor-write',
    approval: 'editor-review',
    sites: ['typst'],
    execute: (args, context) =>
      asOutcome(context, () =>
        runEdit(context, { tool: 'replace_selection', arguments: args }, hooks),
      ),
  });
}

/** `replace_selection` without hooks. */
export const replaceSelectionTool = createReplaceSelectionTool();
