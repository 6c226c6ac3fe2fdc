// Bundles the tree harness (tree-harness-entry.ts) once per process and adds it to
// a Playwright page, for tests that exercise the walker in real Chromium directly.
import { build } from 'esbuild';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../extension-browser';

let bundle: Promise<string> | null = null;

export function treeHarnessBundle(): Promise<string> {
  bundle ??= build({
    entryPoints: [path.join(REPO_ROOT, 'test/support/web-fixtures/tree-harness-entry.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    target: 'es2022',
    logLevel: 'error',
  }).then((result) => result.outputFiles[0]?.text ?? '');
  return bundle;
}

export interface HarnessWalk {
  readonly text: string;
  readonly refs: number[];
  readonly counts: Record<string, number>;
  readonly cut: string | null;
  readonly ms: number;
}

/** Adds the harness to `page` (once per document). */
export async function addTreeHarness(page: Page): Promise<void> {
  await page.addScriptTag({ content: await treeHarnessBundle() });
}

/** One walk of the page's top document. */
export function harnessWalk(
  page: Page,
  filter: 'visible' | 'all' | 'interactive' = 'all',
): Promise<HarnessWalk> {
  return page.evaluate((which) => (globalThis as any).__tree.walk(which) as HarnessWalk, filter);
}
