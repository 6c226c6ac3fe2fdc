// The ten typst.app tools in the order the model sees them. The run passes its edit
// hooks (the revert journal's checkpoint seam) through createTypstTools; the default
// list has none.
import type { ToolDefinition } from '../../../worker/tools/define-tool';
import type { EditHooks } from './edit-flow';
import { readFileStructureTool } from './read-file-structure.tool';
import { openProjectFileTool } from './open-project-file.tool';
import { readDocumentTool } from './read-document.tool';
import { readDiagnosticsTool } from './read-diagnostics.tool';
import { readTypstDocsTool } from './read-typst-docs.tool';
import { createReplaceLinesTool } from './replace-lines.tool';
import { createSearchReplaceTool } from './search-replace.tool';
import { createPatchDocumentTool } from './patch-document.tool';
import { createInsertAtCursorTool } from './insert-at-cursor.tool';
import { createReplaceSelectionTool } from './replace-selection.tool';

/** The typst.app tools with `hooks` wired into every editor write. */
export function createTypstTools(hooks: EditHooks = {}): readonly ToolDefinition<unknown>[] {
  return [
    readFileStructureTool,
    openProjectFileTool,
    readDocumentTool,
    readDiagnosticsTool,
    readTypstDocsTool,
    createReplaceLinesTool(hooks),
    createSearchReplaceTool(hooks),
    createPatchDocumentTool(hooks),
    createInsertAtCursorTool(hooks),
    createReplaceSelectionTool(hooks),
  ];
}

/** The typst.app tools without hooks. */
export const typstTools = createTypstTools();
