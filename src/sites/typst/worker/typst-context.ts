// What typst.app offers the composer: the send-time capture (the open file's identity
// and the editor's selection range, never document text), the selected text for
// "+ Add", and the preview page or the opened image as a bounded image.
import { unwrap } from '../../../shared/protocol/envelope';
import type { SiteContextReader } from '../../../worker/sites/worker-site';

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
  async capture(page, kind) {
    const image = unwrap(
      await page.request('typst/capture', { kind: kind === 'preview' ? 'preview' : 'image' }),
    );
    return { dataUrl: image.dataUrl, width: image.width, height: image.height };
  },
};
