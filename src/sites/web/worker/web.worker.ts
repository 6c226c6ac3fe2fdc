// The web face's worker part. This skeleton offers no tools yet: the page reading
// tools, Ask/Act/Dev modes and actions join it as the web agent is built.
import { defineWorkerSite } from '../../../worker/sites/worker-site';
import { webSite } from '../web.site';

export const workerSite = defineWorkerSite({
  site: webSite,
  systemPrompt: [
    'You are Side Agent, a careful assistant working in the browser side panel next to a web page.',
    'Use your tools to read what you need, act only as far as the person asked, and say briefly what you did.',
    'If a tool fails, read its error code and message, adjust, and try again or explain what blocks you.',
  ].join('\n'),
  selectionLanguage: '',
  tools: [],
  createRunState: () => null,
});
