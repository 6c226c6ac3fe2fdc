// `replace_lines` (study TOOL-06): replace an inclusive 1-based line range.
// Effect editor-write, approval editor-review: Ask shows the diff and waits for
// Apply/Reject; Auto approve commits the same prepared change set without the wait.
import { defineTool, type ToolDefinition } from '../../../worker/tools/define-tool';
import { ReplaceLinesArgumentsSchema, type ReplaceLinesArguments } from '../edit/edit-tool-schemas';
import { runEdit, type EditHooks } from './edit-flow';
import { asOutcome } from './tool-support';

/** Builds `replace_lines` with the run's edit hooks (the revert journal's checkpoint seam). */
export function createReplaceLinesTool(
  hooks: EditHooks = {},
): ToolDefinition<ReplaceLinesArguments> {
  return defineTool({
    name: 'replace_lines',
    description:
      'Replace the inclusive 1-based line range start_line..end_line of the open document with new_content (no trailing newline needed). Empty new_content deletes the lines. Read the document first: line numbers refer to the current text.',
    arguments: ReplaceLinesArgumentsSchema,
    effect: 'editor-write',
    approval: 'editor-review',
    sites: ['typst'],
    execute: (args, context) =>
      asOutcome(context, () => runEdit(context, { tool: 'replace_lines', arguments: args }, hooks)),
  });
}

/** `replace_lines` without hooks. */
export const replaceLinesTool = createReplaceLinesTool();
