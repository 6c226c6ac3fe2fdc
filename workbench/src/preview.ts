// The preview: one <canvas> per page, rendered from the real compile's vector artifact with
// per-page renderCanvas (renderToCanvas would add an unstyled text layer, recipe pitfall 11).
// On errors the last good render stays, as on typst.app. The first pages are drawn before
// the swap; later pages are drawn when scrolled near, so a 300-page document stays cheap.
import { createTypstRenderer } from '@myriaddreamin/typst.ts/renderer';
import type { TypstRenderer } from '@myriaddreamin/typst.ts/renderer';

const PIXEL_PER_PT = 2;
const EAGER_PAGES = 8;

let rendererPromise: Promise<TypstRenderer> | null = null;
let observer: IntersectionObserver | null = null;
/** Bumped on every render; lazy draws of an older render give up. */
let generation = 0;

function renderer(): Promise<TypstRenderer> {
  rendererPromise ??= (async () => {
    const r = createTypstRenderer();
    await r.init({
      getModule: () => ({
        module_or_path: '/__workbench/generated/wasm/typst_ts_renderer_bg.wasm',
      }),
    });
    return r;
  })();
  return rendererPromise;
}

async function drawPages(
  vector: Uint8Array,
  canvases: HTMLCanvasElement[],
  indices: number[],
  gen: number,
): Promise<void> {
  const r = await renderer();
  await r.runWithSession({ format: 'vector', artifactContent: vector }, async (session) => {
    const pages = session.retrievePagesInfo();
    for (const i of indices) {
      const canvas = canvases[i];
      const page = pages[i];
      if (gen !== generation || !canvas || !page || canvas.dataset.drawn) continue;
      canvas.width = Math.ceil(page.width * PIXEL_PER_PT);
      canvas.height = Math.ceil(page.height * PIXEL_PER_PT);
      const context = canvas.getContext('2d');
      if (!context) continue;
      await r.renderCanvas({
        renderSession: session,
        canvas: context,
        pageOffset: i,
        pixelPerPt: PIXEL_PER_PT,
        backgroundColor: '#ffffff',
      });
      canvas.dataset.drawn = '1';
    }
  });
}

function observeLazyPages(
  container: HTMLElement,
  vector: Uint8Array,
  canvases: HTMLCanvasElement[],
  gen: number,
): void {
  observer?.disconnect();
  let pending: number[] = [];
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries)
        if (entry.isIntersecting) pending.push(canvases.indexOf(entry.target as HTMLCanvasElement));
      const batch = pending;
      pending = [];
      if (batch.length) void drawPages(vector, canvases, batch, gen);
    },
    { root: container, rootMargin: '400px' },
  );
  for (const canvas of canvases.slice(EAGER_PAGES)) observer.observe(canvas);
}

/** Renders a successful compile; resolves with the page count once the first pages are shown. */
export async function renderPreview(container: HTMLElement, vector: Uint8Array): Promise<number> {
  const gen = ++generation;
  const r = await renderer();
  const pages = await r.runWithSession(
    { format: 'vector', artifactContent: vector },
    async (session) => session.retrievePagesInfo(),
  );
  const canvases = pages.map((page) => {
    const canvas = document.createElement('canvas');
    canvas.style.width = `${page.width}pt`;
    canvas.style.aspectRatio = `${page.width} / ${page.height}`;
    return canvas;
  });
  const eager = canvases.slice(0, EAGER_PAGES).map((_, i) => i);
  // Draw off-screen first and swap once, so the old render stays until the new one is whole.
  await drawPages(vector, canvases, eager, gen);
  if (gen !== generation) return pages.length;
  container.replaceChildren(...canvases);
  observeLazyPages(container, vector, canvases, gen);
  return pages.length;
}
