// `search_replace` (study TOOL-07): replace the one exact occurrence of a text.
// Effect editor-write, approval editor-review: Ask shows the diff and waits for
// Apply/Reject; Auto approve commits the same prepared change set without the wait.
import { defineTool, type ToolDefinition } from '../../../worker/tools/define-tool';
import {
  SearchReplaceArgumentsSchema,
  type SearchReplaceArguments,
} from '../edit/edit-tool-schemas';
import { runEdit, type EditHooks } from './edit-flow';
import { asOutcome } from './tool-support';

/** Builds `search_replace` with the run's edit hooks (the revert journal's checkpoint seam). */
export function createSearchReplaceTool(
  hooks: EditHooks = {},
): ToolDefinition<SearchReplaceArguments> {
  return defineTool({
    name: 'search_replace',
    description:
      'Replace the one exact occurrence of search with replace. If search occurs several times the call fails with EDIT_TARGET_AMBIGUOUS and the match count: include more surrounding text.',
    arguments: SearchReplaceArgumentsSchema,
    effect: 'editor-write',
    approval: 'editor-review',
    sites: ['typst'],
    execute: (args, context) =>
      asOutcome(context, () =>
        runEdit(context, { tool: 'search_replace', arguments: args }, hooks),
      ),
  });
}

/** `search_replace` without hooks. */
export const searchReplaceTool = createSearchReplaceTool();
