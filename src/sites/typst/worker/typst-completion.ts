// typst.app's inline completion: what the completion model is told about Typst, and
// the two page methods that read the text around the cursor of a pause and show the
// ghost text there.
import { unwrap } from '../../../shared/protocol/envelope';
import type { SiteCompletion } from '../../../worker/sites/worker-site';

export const typstCompletion: SiteCompletion = {
  systemPrompt:
    'The document is a Typst source file (markup with #-prefixed code, $math$ and = headings); continue it in the same language and style.',
  context: async (page, pauseId) =>
    unwrap(await page.request('typst/completion-context', { pauseId })),
  show: async (page, pauseId, text) =>
    unwrap(await page.request('typst/completion-show', { pauseId, text })).shown,
};
