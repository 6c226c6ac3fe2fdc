import { describe, expect, it } from 'vitest';
import {
  SCREENSHOT_LIMITS,
  base64Chars,
  encodeWithinBudget,
  fitScreenshot,
  imageTokens,
  qualitySteps,
} from './screenshot-budget';

const within = (size: { width: number; height: number }) =>
  Math.max(size.width, size.height) <= SCREENSHOT_LIMITS.maxLongSide &&
  imageTokens(size.width, size.height) <= SCREENSHOT_LIMITS.maxTokens;

describe('fitScreenshot', () => {
  it.each([
    ['1080p', 1920, 1080],
    ['1440p', 2560, 1440],
    ['4K', 3840, 2160],
    ['5K at DPR 2', 5120, 2880],
    ['a portrait phone at DPR 3', 1170, 2532],
  ])(
    'fits %s within 1,568 px and 1,568 tokens, keeping the aspect ratio, as large as allowed',
    (_name, width, height) => {
      const size = fitScreenshot(width, height);
      expect(within(size)).toBe(true);
      expect(Math.abs(size.height - (size.width * height) / width)).toBeLessThanOrEqual(1);
      // One pixel more on the long side (the short side following) breaks a limit.
      const wide = width >= height;
      const long = (wide ? size.width : size.height) + 1;
      const short = Math.round((long * (wide ? height : width)) / (wide ? width : height));
      expect(within(wide ? { width: long, height: short } : { width: short, height: long })).toBe(
        false,
      );
    },
  );

  it('gives 1080p 1456 × 819 (52 × 30 tiles = 1,560 tokens)', () => {
    expect(fitScreenshot(1920, 1080)).toEqual({ width: 1456, height: 819 });
    expect(imageTokens(1456, 819)).toBe(1_560);
  });

  it('leaves an image that already fits as it is, never upscaling', () => {
    expect(fitScreenshot(1280, 720)).toEqual({ width: 1280, height: 720 });
    expect(fitScreenshot(10, 10)).toEqual({ width: 10, height: 10 });
  });

  it('keeps a 1 × 100,000 strip (and its transpose) at least 1 px wide', () => {
    const tall = fitScreenshot(1, 100_000);
    expect(tall).toEqual({ width: 1, height: 1_568 });
    expect(imageTokens(tall.width, tall.height)).toBe(56);
    expect(fitScreenshot(100_000, 1)).toEqual({ width: 1_568, height: 1 });
  });

  it('refuses an empty image', () => {
    expect(() => fitScreenshot(0, 100)).toThrow(RangeError);
    expect(() => fitScreenshot(Number.NaN, 100)).toThrow(RangeError);
  });
});

describe('JPEG quality steps', () => {
  it('goes from 0.75 down to 0.10 in steps of 0.05', () => {
    const steps = qualitySteps();
    expect(steps[0]).toBe(0.75);
    expect(steps.at(-1)).toBe(0.1);
    expect(steps).toHaveLength(14);
    expect(
      steps.every((step, index) => index === 0 || Math.abs(steps[index - 1]! - step - 0.05) < 1e-9),
    ).toBe(true);
  });

  it('lowers the quality until the base64 form fits, and gives up below 0.10', async () => {
    const tried: number[] = [];
    // Bytes fall with quality: 2 MB at 0.75, fitting 1 MiB of base64 only near 0.35.
    const encode = async (quality: number) => {
      tried.push(quality);
      return new Blob([new Uint8Array(Math.round(quality * 2_800_000))]);
    };
    const fitted = await encodeWithinBudget(encode);
    expect(fitted?.quality).toBe(0.35);
    expect(base64Chars(fitted!.blob.size)).toBeLessThanOrEqual(SCREENSHOT_LIMITS.maxBase64Chars);
    expect(tried).toEqual([0.75, 0.7, 0.65, 0.6, 0.55, 0.5, 0.45, 0.4, 0.35]);
    const never = await encodeWithinBudget(async () => new Blob([new Uint8Array(2_000_000)]));
    expect(never).toBeNull();
  });

  it('counts base64 characters of a byte length', () => {
    expect(base64Chars(0)).toBe(0);
    expect(base64Chars(1)).toBe(4);
    expect(base64Chars(3)).toBe(4);
    expect(base64Chars(1_048_575)).toBe(1_398_100);
  });
});
