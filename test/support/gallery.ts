// ## Owns
// Screenshots of panel states for `npm run gallery`: every state at the narrowest,
// a common and a wide side panel (320, 400 and 600 px) in light and dark, named so
// the contact sheet groups them. Tests and gallery specs call `shootPanel` once the state is on screen.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './extension-browser';

export const GALLERY_DIR = path.join(REPO_ROOT, 'test-results', 'gallery');
export const GALLERY_WIDTHS = [320, 400, 600] as const;
export const GALLERY_THEMES = ['light', 'dark'] as const;

/** The file of one shot: `<state>.<width>.<theme>.png`. */
export const galleryFile = (state: string, width: number, theme: string) =>
  path.join(GALLERY_DIR, `${state}.${width}.${theme}.png`);

/**
 * Shoots `page` as it is now at each width and theme, then restores its size and
 * scheme. `state` is lowercase words with dashes, e.g. `typst-review-pending`.
 */
export async function shootPanel(
  page: Page,
  state: string,
  options: { readonly height?: number } = {},
): Promise<string[]> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(state)) throw new Error(`Bad gallery state name: ${state}`);
  mkdirSync(GALLERY_DIR, { recursive: true });
  const before = page.viewportSize();
  const files: string[] = [];
  for (const width of GALLERY_WIDTHS) {
    await page.setViewportSize({ width, height: options.height ?? 720 });
    for (const theme of GALLERY_THEMES) {
      // Reduced motion: a colour transition caught mid-way would show the old theme.
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      // Two frames: one for the media change, one for layout that depends on it.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const file = galleryFile(state, width, theme);
      await page.screenshot({ path: file });
      files.push(file);
    }
  }
  await page.emulateMedia({ colorScheme: null, reducedMotion: null });
  if (before) await page.setViewportSize(before);
  return files;
}
