// `insert_at_cursor` (study TOOL-09): insert text at the caret captured with the message.
// Effect editor-write, approval editor-review: Ask shows the diff and waits for
// Apply/Reject; Auto approve commits the same prepared change set without the wait.
import { defineTool, type ToolDefinition } from '../../../worker/tools/define-tool';
import {
  InsertAtCursorArgumentsSchema,
  type InsertAtCursorArguments,
} from '../edit/edit-tool-schemas';
import { runEdit, type EditHooks } from './edit-flow';
import { asOutcome } from './tool-support';

/** Builds `insert_at_cursor` with the run's edit hooks (the revert journal's checkpoint seam). */
export function createInsertAtCursorTool(
  hooks: EditHooks = {},
): ToolDefinition<InsertAtCursorArguments> {
  return defineTool({
    name: 'insert_at_cursor',
    description: 'Insert text at the caret position the person had when they sent the message.',
    arguments: InsertAtCursorArgumentsSchema,
    effect: 'editor-write',
    approval: 'editor-review',
    sites: ['typst'],
    execute: (args, context) =>
      asOutcome(context, () =>
        runEdit(context, { tool: 'insert_at_cursor', arguments: args }, hooks),
      ),
  });
}

/** `insert_at_cursor` without hooks. */
export const insertAtCursorTool = createInsertAtCursorTool();
