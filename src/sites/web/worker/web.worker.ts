// The web face's worker part: its read tools (the tree and the rest), its prompt,
// and the state its tools share during a run.
import type { ToolDefinition } from '../../../worker/tools/define-tool';
import { defineWorkerSite } from '../../../worker/sites/worker-site';
import { webSite } from '../web.site';
import { readTools } from './read/read-tools';
import { getAccessibilityTreeTool } from './tree/get-accessibility-tree.tool';

export const workerSite = defineWorkerSite({
  site: webSite,
  systemPrompt: [
    'You are Side Agent, a careful assistant working in the browser side panel next to a web page.',
    'Use your tools to read what you need, act only as far as the person asked, and say briefly what you did.',
    'If a tool fails, read its error code and message, adjust, and try again or explain what blocks you.',
  ].join('\n'),
  selectionLanguage: '',
  tools: [getAccessibilityTreeTool, ...readTools] as ToolDefinition<unknown>[],
  createRunState: () => null,
});
