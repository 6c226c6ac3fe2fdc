// ## Owns
// read_page on a tab that shows a PDF: the browser's PDF viewer has no page the
// extension can read, so the call reads the PDF's text instead (read-pdf.tool.ts).
import type { ToolDefinition } from '../../../../worker/tools/define-tool';
import { readPdf } from './read-pdf.tool';
import type { FileToolDeps } from './save-file';

/** Whether `url` names a PDF by its path. */
export function isPdfAddress(url: string | undefined): boolean {
  try {
    return url !== undefined && /\.pdf$/i.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/** `readPage` that answers with the PDF's text when the tab shows a PDF. */
export function pdfAwareReadPage(
  readPage: ToolDefinition<unknown>,
  deps: FileToolDeps,
): ToolDefinition<unknown> {
  return {
    ...readPage,
    async execute(args, context) {
      const url = await deps.tabUrl(context.page.tabId).catch(() => undefined);
      if (!isPdfAddress(url)) return readPage.execute(args, context);
      return readPdf({}, deps, context);
    },
  };
}
