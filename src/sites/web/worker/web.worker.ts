// The web face's worker part: its read tools (the tree and the rest), its action tools
// (offered in Act and Dev mode), its prompt (one per mode and prompt tier, in
// web-prompt.ts), and the state its tools share during a run.
import type { ToolDefinition } from '../../../worker/tools/define-tool';
import { defineWorkerSite } from '../../../worker/sites/worker-site';
import { webSite } from '../web.site';
import { scrollPageTool } from './act/scroll-page.tool';
import { readTools } from './read/read-tools';
import { treeTools } from './tree/tree-tools';
import { webPrompt } from './web-prompt';

export const workerSite = defineWorkerSite({
  site: webSite,
  systemPrompt: webPrompt,
  selectionLanguage: '',
  tools: [...treeTools, ...readTools, scrollPageTool] as ToolDefinition<unknown>[],
  createRunState: () => null,
});
