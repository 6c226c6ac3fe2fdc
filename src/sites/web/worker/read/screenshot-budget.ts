// ## Owns
// How big a screenshot may be when it reaches a model: at most 1,568 px on its long
// side and at most 1,568 image tokens, counting one token per started 28 × 28 px
// tile, with the aspect ratio kept; then as JPEG, quality lowered from 0.75 in 0.05
// steps (down to 0.10) until its base64 form fits 1,398,100 characters (1 MiB of
// bytes). Vision models bill and resize images by these measures, so an image inside
// them arrives as sent and costs what was planned.

export const SCREENSHOT_LIMITS = {
  maxLongSide: 1_568,
  maxTokens: 1_568,
  tokenSide: 28,
  maxBase64Chars: 1_398_100,
  qualityStart: 0.75,
  qualityStep: 0.05,
  qualityMin: 0.1,
} as const;

export type ScreenshotLimits = typeof SCREENSHOT_LIMITS;

/** Image tokens of a `width` × `height` image: one per started tile. */
export const imageTokens = (
  width: number,
  height: number,
  tokenSide = SCREENSHOT_LIMITS.tokenSide,
) => Math.ceil(width / tokenSide) * Math.ceil(height / tokenSide);

/** Characters of the base64 form of `bytes` bytes. */
export const base64Chars = (bytes: number) => 4 * Math.ceil(bytes / 3);

const fits = (width: number, height: number, limits: ScreenshotLimits) =>
  Math.max(width, height) <= limits.maxLongSide &&
  imageTokens(width, height, limits.tokenSide) <= limits.maxTokens;

/**
 * The largest size within the limits with the aspect ratio of `width` × `height`
 * (never upscaled, never below 1 px a side).
 */
export function fitScreenshot(
  width: number,
  height: number,
  limits: ScreenshotLimits = SCREENSHOT_LIMITS,
): { width: number; height: number } {
  if (!(width >= 1 && height >= 1)) throw new RangeError('An image needs a positive size.');
  const tile = limits.tokenSide * limits.tokenSide;
  const scale = Math.min(
    1,
    limits.maxLongSide / Math.max(width, height),
    Math.sqrt((limits.maxTokens * tile) / (width * height)),
  );
  const wide = width >= height;
  // Walk the long side down from the area estimate until partial tiles fit too.
  let long = Math.max(1, Math.floor((wide ? width : height) * scale));
  const sizeOf = (side: number) => {
    const short = Math.max(
      1,
      Math.round((side * (wide ? height : width)) / (wide ? width : height)),
    );
    return wide ? { width: side, height: short } : { width: short, height: side };
  };
  let size = sizeOf(long);
  while (long > 1 && !fits(size.width, size.height, limits)) {
    long -= 1;
    size = sizeOf(long);
  }
  return size;
}

/** The JPEG qualities tried in order. */
export function qualitySteps(limits: ScreenshotLimits = SCREENSHOT_LIMITS): number[] {
  const steps: number[] = [];
  for (let step = 0; ; step += 1) {
    const quality = Math.round((limits.qualityStart - step * limits.qualityStep) * 100) / 100;
    if (quality < limits.qualityMin - 1e-9) return steps;
    steps.push(quality);
  }
}

/**
 * Encodes at falling qualities until the base64 form fits; null when even the lowest
 * quality does not.
 */
export async function encodeWithinBudget(
  encode: (quality: number) => Promise<Blob>,
  limits: ScreenshotLimits = SCREENSHOT_LIMITS,
): Promise<{ blob: Blob; quality: number } | null> {
  for (const quality of qualitySteps(limits)) {
    const blob = await encode(quality);
    if (base64Chars(blob.size) <= limits.maxBase64Chars) return { blob, quality };
  }
  return null;
}
