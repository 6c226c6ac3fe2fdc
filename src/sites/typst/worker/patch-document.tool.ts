// `patch_document` (study TOOL-08): several search/replace pairs applied atomically.
// Effect editor-write, approval editor-review: Ask shows the diff and waits for
// Apply/Reject; Auto approve commits the same prepared change set without the wait.
import { defineTool, type ToolDefinition } from '../../../worker/tools/define-tool';
import {
  PatchDocumentArgumentsSchema,
  type PatchDocumentArguments,
} from '../edit/edit-tool-schemas';
import { runEdit, type EditHooks } from './edit-flow';
import { asOutcome } from './tool-support';

/** Builds `patch_document` with the run's edit hooks (the revert journal's checkpoint seam). */
export function createPatchDocumentTool(
  hooks: EditHooks = {},
): ToolDefinition<PatchDocumentArguments> {
  return defineTool({
    name: 'patch_document',
    description:
      'Apply several non-overlapping search/replace edits atomically, all matched against the same current text. Each search must match exactly once unless unique is false (then the first match is used).',
    arguments: PatchDocumentArgumentsSchema,
    effect: 'editor-write',
    approval: 'editor-review',
    sites: ['typst'],
    execute: (args, context) =>
      asOutcome(context, () =>
        runEdit(context, { tool: 'patch_document', arguments: args }, hooks),
      ),
  });
}

/** `patch_document` without hooks. */
export const patchDocumentTool = createPatchDocumentTool();
