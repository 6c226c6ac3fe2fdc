// ## Owns
// Capturing what the person sees as an image: the preview
// page most in view (not merely the first canvas in the DOM) or the
// image opened in the asset view, scaled to ≤2,048 px on the longest side and encoded
// as WebP (PNG where WebP encoding is unavailable) within 2 MiB of data URL.
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import {
  ASSET_IMAGE_ALT_PATTERN,
  MIN_IMAGE_AREA,
  MIN_IMAGE_SIDE,
  MIN_PREVIEW_CANVAS_PIXELS,
  PREVIEW_ROOT,
} from './selectors';

export const MAX_CAPTURE_SIDE = 2_048;
export const MAX_CAPTURE_CHARS = 2_097_152;
const QUALITIES = [0.9, 0.78, 0.64] as const;
const SHRINK = 0.72;
const MAX_SHRINKS = 7;

export interface Capture {
  dataUrl: string;
  width: number;
  height: number;
}

/** Area of `element` inside the viewport, in CSS pixels. */
function visibleArea(element: Element): number {
  const rect = element.getBoundingClientRect();
  const width = Math.min(rect.right, window.innerWidth) - Math.max(rect.left, 0);
  const height = Math.min(rect.bottom, window.innerHeight) - Math.max(rect.top, 0);
  return width > 0 && height > 0 ? width * height : 0;
}

const outsideEditor = (element: Element) => !element.closest('.cm-editor');

/** The rendered preview page with the most area on screen, or null. */
export function findVisiblePreviewCanvas(root: ParentNode = document): HTMLCanvasElement | null {
  const scope = root.querySelector(PREVIEW_ROOT) ?? root;
  let best: HTMLCanvasElement | null = null;
  let bestArea = 0;
  for (const canvas of Array.from(scope.querySelectorAll('canvas'))) {
    if (!outsideEditor(canvas) || canvas.width * canvas.height <= MIN_PREVIEW_CANVAS_PIXELS)
      continue;
    const area = visibleArea(canvas);
    if (area > bestArea) [best, bestArea] = [canvas, area];
  }
  return best;
}

/** The opened image of the asset view: large, on screen, preferring "… preview" alt text. */
export function findOpenedImage(root: ParentNode = document): HTMLImageElement | null {
  let best: HTMLImageElement | null = null;
  let bestScore = 0;
  for (const image of Array.from(root.querySelectorAll('img'))) {
    if (!outsideEditor(image)) continue;
    const rect = image.getBoundingClientRect();
    const area = visibleArea(image);
    if (rect.width < MIN_IMAGE_SIDE || rect.height < MIN_IMAGE_SIDE || area < MIN_IMAGE_AREA)
      continue;
    const score = area + (ASSET_IMAGE_ALT_PATTERN.test(image.alt) ? 1e12 : 0);
    if (score > bestScore) [best, bestScore] = [image, score];
  }
  return best;
}

function encode(source: CanvasImageSource, sourceWidth: number, sourceHeight: number): Capture {
  let scale = Math.min(1, MAX_CAPTURE_SIDE / Math.max(sourceWidth, sourceHeight));
  for (let attempt = 0; attempt <= MAX_SHRINKS; attempt += 1, scale *= SHRINK) {
    const width = Math.max(1, Math.round(sourceWidth * scale));
    const height = Math.max(1, Math.round(sourceHeight * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context)
      throw new ProtocolFailure('CAPTURE_UNAVAILABLE', 'The browser refused a 2D canvas.');
    context.drawImage(source, 0, 0, width, height);
    for (const quality of QUALITIES) {
      let dataUrl: string;
      try {
        dataUrl = canvas.toDataURL('image/webp', quality);
      } catch {
        throw new ProtocolFailure(
          'CAPTURE_UNAVAILABLE',
          'The image cannot be read (it comes from another origin).',
        );
      }
      if (!dataUrl.startsWith('data:image/webp')) dataUrl = canvas.toDataURL('image/png');
      if (dataUrl.length <= MAX_CAPTURE_CHARS) return { dataUrl, width, height };
      if (!dataUrl.startsWith('data:image/webp')) break;
    }
  }
  throw new ProtocolFailure(
    'CAPTURE_TOO_LARGE',
    'The image does not fit in 2 MiB even when shrunk.',
  );
}

/** Captures the visible preview page or the opened image. */
export function capture(kind: 'preview' | 'image', root: ParentNode = document): Capture {
  if (kind === 'preview') {
    const canvas = findVisiblePreviewCanvas(root);
    if (!canvas)
      throw new ProtocolFailure('CAPTURE_UNAVAILABLE', 'No rendered preview page is visible.');
    return encode(canvas, canvas.width, canvas.height);
  }
  const image = findOpenedImage(root);
  if (!image || !image.complete || image.naturalWidth === 0)
    throw new ProtocolFailure('CAPTURE_UNAVAILABLE', 'No opened image is visible.');
  return encode(image, image.naturalWidth, image.naturalHeight);
}
