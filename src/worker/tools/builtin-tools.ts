// ## Owns
// The list of built-in tool sources the registry starts from. Adding a built-in is
// one import and one line in BUILTIN_TOOLS (site tools live in
// src/sites/<site>/worker/*.tool.ts and declare their `sites`).
import type { ToolDefinition } from './define-tool';
import { readFileStructureTool } from '../../sites/typst/worker/read-file-structure.tool';
import { openProjectFileTool } from '../../sites/typst/worker/open-project-file.tool';
import { readDocumentTool } from '../../sites/typst/worker/read-document.tool';
import { readDiagnosticsTool } from '../../sites/typst/worker/read-diagnostics.tool';
import { readTypstDocsTool } from '../../sites/typst/worker/read-typst-docs.tool';
import { replaceLinesTool } from '../../sites/typst/worker/replace-lines.tool';
import { searchReplaceTool } from '../../sites/typst/worker/search-replace.tool';
import { patchDocumentTool } from '../../sites/typst/worker/patch-document.tool';
import { insertAtCursorTool } from '../../sites/typst/worker/insert-at-cursor.tool';
import { replaceSelectionTool } from '../../sites/typst/worker/replace-selection.tool';

/** Every built-in tool, in the order the model sees them. */
export const BUILTIN_TOOLS: readonly ToolDefinition<unknown>[] = Object.freeze([
  // One line per tool source, e.g. `readDocumentTool,` (src/sites/typst/worker/read-document.tool.ts).
  readFileStructureTool,
  openProjectFileTool,
  readDocumentTool,
  readDiagnosticsTool,
  readTypstDocsTool,
  replaceLinesTool,
  searchReplaceTool,
  patchDocumentTool,
  insertAtCursorTool,
  replaceSelectionTool,
]);
