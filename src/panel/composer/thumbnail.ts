// ## Owns
// Thumbnails for attachment chips and stored user turns, made locally (never by
// the page): only from a validated png/jpeg/webp data URL, scaled so the longest
// side is at most 256 px, encoded as WebP at quality 0.8/0.65/0.5 and shrunk by
// 0.7 up to six times until it fits the stored bound.
import { MAX_THUMBNAIL_CHARS } from '../../shared/protocol/chat-records';

/** Longest side of a thumbnail in CSS pixels. */
export const THUMBNAIL_MAX_SIDE = 256;
const QUALITIES = [0.8, 0.65, 0.5] as const;
const SHRINK = 0.7;
const MAX_SHRINKS = 6;
const SAFE_IMAGE_DATA_URL = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]*$/;

/** True for a png/jpeg/webp base64 data URL of at most `maxChars` characters. */
export function isSafeImageDataUrl(value: string, maxChars = 2_097_152): boolean {
  return value.length <= maxChars && SAFE_IMAGE_DATA_URL.test(value);
}

/** Makes a thumbnail data URL, or null when the image cannot be made small enough. */
export type ThumbnailMaker = (dataUrl: string) => Promise<string | null>;

function dataUrlToBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const type = dataUrl.slice(5, dataUrl.indexOf(';'));
  const binary = atob(dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type });
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/** The browser thumbnail maker: createImageBitmap + OffscreenCanvas, WebP out. */
export const makeThumbnail: ThumbnailMaker = async (dataUrl) => {
  if (!isSafeImageDataUrl(dataUrl)) return null;
  const bitmap = await createImageBitmap(dataUrlToBlob(dataUrl));
  try {
    let scale = Math.min(1, THUMBNAIL_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    for (let shrink = 0; shrink <= MAX_SHRINKS; shrink += 1) {
      const width = Math.max(1, Math.round(bitmap.width * scale));
      const height = Math.max(1, Math.round(bitmap.height * scale));
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) return null;
      context.drawImage(bitmap, 0, 0, width, height);
      for (const quality of QUALITIES) {
        const url = await blobToDataUrl(
          await canvas.convertToBlob({ type: 'image/webp', quality }),
        );
        // A browser without a WebP encoder answers PNG; that is still a safe type.
        if (url.length <= MAX_THUMBNAIL_CHARS && isSafeImageDataUrl(url)) return url;
      }
      scale *= SHRINK;
    }
    return null;
  } finally {
    bitmap.close();
  }
};
