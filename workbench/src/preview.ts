// The preview: one <canvas> per page, rendered from the real compile's vector artifact with
// per-page renderCanvas (renderToCanvas would add an unstyled text layer, recipe pitfall 11).
// On errors the last good render stays, as on typst.app.
import { createTypstRenderer } from '@myriaddreamin/typst.ts/renderer';
import type { TypstRenderer } from '@myriaddreamin/typst.ts/renderer';

const PIXEL_PER_PT = 2;
/** Pages past this many are laid out but not drawn, so a huge document cannot exhaust memory. */
const MAX_DRAWN_PAGES = 40;

let rendererPromise: Promise<TypstRenderer> | null = null;

function renderer(): Promise<TypstRenderer> {
  rendererPromise ??= (async () => {
    const r = createTypstRenderer();
    await r.init({ getModule: () => ({ module_or_path: '/__workbench/generated/wasm/typst_ts_renderer_bg.wasm' }) });
    return r;
  })();
  return rendererPromise;
}

export async function renderPreview(container: HTMLElement, vector: Uint8Array): Promise<number> {
  const r = await renderer();
  return r.runWithSession({ format: 'vector', artifactContent: vector }, async (session) => {
    const pages = session.retrievePagesInfo();
    const canvases = pages.map((page, index) => {
      const canvas = document.createElement('canvas');
      canvas.style.width = `${page.width}pt`;
      canvas.style.aspectRatio = `${page.width} / ${page.height}`;
      if (index < MAX_DRAWN_PAGES) {
        canvas.width = Math.ceil(page.width * PIXEL_PER_PT);
        canvas.height = Math.ceil(page.height * PIXEL_PER_PT);
      }
      return canvas;
    });
    // Draw off-screen first and swap once, so the old render stays until the new one is whole.
    for (let i = 0; i < Math.min(pages.length, MAX_DRAWN_PAGES); i++) {
      const context = canvases[i]?.getContext('2d');
      if (!context) continue;
      await r.renderCanvas({ renderSession: session, canvas: context, pageOffset: i, pixelPerPt: PIXEL_PER_PT, backgroundColor: '#ffffff' });
    }
    container.replaceChildren(...canvases);
    return pages.length;
  });
}
