// What typst.app offers the composer: the send-time capture (the open file's identity
// and the editor's selection range, never document text), the selected text for
// "+ Add" and quick actions, and the preview page or the opened image as a bounded image.
import { unwrap } from '../../../shared/protocol/envelope';
import type { SiteContextReader } from '../../../worker/sites/worker-site';
import { diagnosticsInRange } from '../quick-action-diagnostics';

export const typstContext: SiteContextReader = {
  async identity(page) {
    const identity = unwrap(await page.request('typst/identity', {}));
    return { file: identity.file, selection: identity.selection };
  },
  async selection(page) {
    const selection = unwrap(await page.request('typst/selection', {}));
    if (selection.text === '') return null;
    return { text: selection.text, fileLabel: selection.fileLabel };
  },
  async quickAction(page) {
    const selection = unwrap(await page.request('typst/selection', {}));
    if (selection.text === '') return null;
    const fromLine = selection.fromLine ?? 1;
    const toLine = Math.max(fromLine, selection.toLine ?? fromLine);
    const range = { fromLine, toLine, fileLabel: selection.fileLabel };
    // Diagnostics help a Fix but are not needed for it: a page that cannot list them
    // still gets its quick action, with none attached.
    const report = await page.request('typst/diagnostics', {});
    return {
      text: selection.text,
      fileLabel: selection.fileLabel,
      fromLine,
      toLine,
      totalChars: Math.max(selection.totalChars ?? 0, selection.text.length),
      diagnostics: report.ok ? diagnosticsInRange(report.data.diagnostics, range) : [],
    };
  },
  async capture(page, kind) {
    const image = unwrap(
      await page.request('typst/capture', { kind: kind === 'preview' ? 'preview' : 'image' }),
    );
    return { dataUrl: image.dataUrl, width: image.width, height: image.height };
  },
};
