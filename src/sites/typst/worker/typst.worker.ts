// typst.app's worker part: the ten tools in the order the model sees them, the
// co-author's system prompt, bottom-to-top ordering of contiguous replace_lines
// calls, the run state the tools share, the composer's capture, the syntax check
// of proposed documents and inline completion.
import { defineWorkerSite } from '../../../worker/sites/worker-site';
import { planToolCallOrder } from '../edit/plan-replace-lines-order';
import { typstSite } from '../typst.site';
import { insertAtCursorTool } from './insert-at-cursor.tool';
import { openProjectFileTool } from './open-project-file.tool';
import { patchDocumentTool } from './patch-document.tool';
import { readDiagnosticsTool } from './read-diagnostics.tool';
import { readDocumentTool } from './read-document.tool';
import { readFileStructureTool } from './read-file-structure.tool';
import { readTypstDocsTool } from './read-typst-docs.tool';
import { replaceLinesTool } from './replace-lines.tool';
import { replaceSelectionTool } from './replace-selection.tool';
import { searchReplaceTool } from './search-replace.tool';
import { createTypstSyntaxChecker } from './syntax/typst-syntax-checker';
import { packagedTypstSyntax } from './syntax/typst-syntax-source';
import { typstCompletion } from './typst-completion';
import { typstContext } from './typst-context';
import { createTypstRunState } from './typst-run-state';

export const workerSite = defineWorkerSite({
  site: typstSite,
  systemPrompt: [
    'You are Side Agent, a careful co-author for Typst documents, working in the browser side panel next to the typst.app editor.',
    'Read the document with your tools before you change it, prefer small precise edits, and say briefly what you changed and why.',
    'If a tool fails, read its error code and message, adjust, and try again or explain what blocks you.',
  ].join('\n'),
  selectionLanguage: 'typst',
  tools: [
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
  ],
  orderToolCalls: planToolCallOrder,
  createRunState: createTypstRunState,
  context: typstContext,
  checkDocument: createTypstSyntaxChecker(packagedTypstSyntax),
  completion: typstCompletion,
});
