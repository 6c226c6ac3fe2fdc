// ## Owns
// The list of built-in tool sources the registry starts from. Adding a built-in is
// one import and one line in BUILTIN_TOOLS (site tools live in
// src/sites/<site>/worker/*.tool.ts and declare their `sites`).
import type { ToolDefinition } from './define-tool';

/** Every built-in tool, in the order the model sees them. */
export const BUILTIN_TOOLS: readonly ToolDefinition<unknown>[] = Object.freeze([
  // One line per tool source, e.g. `readDocumentTool,` (src/sites/typst/worker/read-document.tool.ts).
]);
