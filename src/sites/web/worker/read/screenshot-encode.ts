// ## Owns
// Re-encoding a captured viewport in the worker: decode the capture, draw it at the
// budgeted size on an OffscreenCanvas, and write JPEG at falling qualities until it
// fits (screenshot-budget.ts). No DOM, no network: the capture arrives as a data URL
// and leaves as base64.
import { ProtocolFailure } from '../../../../shared/protocol/envelope';
import { encodeWithinBudget, fitScreenshot } from './screenshot-budget';

export interface EncodedScreenshot {
  readonly base64: string;
  readonly mediaType: 'image/jpeg';
  readonly width: number;
  readonly height: number;
  readonly capturedWidth: number;
  readonly capturedHeight: number;
  readonly quality: number;
  readonly bytes: number;
}

function dataUrlBlob(dataUrl: string): Blob {
  const match = /^data:(image\/(?:png|jpeg));base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match?.[1] || !match[2])
    throw new ProtocolFailure('CAPTURE_UNAVAILABLE', 'The browser returned no usable image.');
  const binary = atob(match[2]);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type: match[1] });
}

async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const chunks: string[] = [];
  for (let index = 0; index < bytes.length; index += 0x8000)
    chunks.push(String.fromCharCode(...bytes.subarray(index, index + 0x8000)));
  return btoa(chunks.join(''));
}

/** The capture at the model's image budget, as JPEG. */
export async function encodeScreenshot(dataUrl: string): Promise<EncodedScreenshot> {
  const capture = dataUrlBlob(dataUrl);
  const bitmap = await createImageBitmap(capture);
  try {
    const size = fitScreenshot(bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context)
      throw new ProtocolFailure('CAPTURE_UNAVAILABLE', 'The worker cannot draw images here.');
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const encoded = await encodeWithinBudget((quality) =>
      canvas.convertToBlob({ type: 'image/jpeg', quality }),
    );
    if (!encoded)
      throw new ProtocolFailure(
        'CAPTURE_TOO_LARGE',
        'The screenshot stays too large even at the lowest quality.',
      );
    return {
      base64: await toBase64(encoded.blob),
      mediaType: 'image/jpeg',
      width: size.width,
      height: size.height,
      capturedWidth: bitmap.width,
      capturedHeight: bitmap.height,
      quality: encoded.quality,
      bytes: encoded.blob.size,
    };
  } finally {
    bitmap.close();
  }
}
