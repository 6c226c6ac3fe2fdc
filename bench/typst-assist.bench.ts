// Inline completion's cost on typing as a person feels it: keystroke to the next
// painted frame in the workbench editor (real CodeMirror 6 in headless Chromium, served
// as https://typst.app), without our ghost-text code and with it running at its
// busiest: every pause answered at once, so ghost text is drawn and removed while
// typing. Prints median and p90 of each and the median difference.
// The page code is bundled for the browser with esbuild and added to the page, as the
// MAIN runtime would run it; the worker and the model are left out (they do not run
// on the page's thread).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';

const KEYS = 240;
const root = process.cwd();
const load = (rel: string) => import(pathToFileURL(path.join(root, rel)).href);

const percentile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((left, right) => left - right);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? 0
  );
};

const entry = `
import { startGhostText } from './src/sites/typst/page/ghost/ghost-text';
import { typstDocument } from './src/sites/typst/page/typst-document';
const controller = new AbortController();
let ghost;
ghost = startGhostText({
  signal: controller.signal,
  host: typstDocument,
  // The busiest case: each pause is answered at once, as if the model took no time.
  emit: (signal) => {
    if (signal.kind === 'pause')
      queueMicrotask(() => {
        if (ghost.show(signal.pauseId, ' and so on')) window.__ghostCount += 1;
      });
  },
});
window.__ghostCount = 0;
`;

async function bundle(): Promise<string> {
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** Keystroke (keydown) to the next animation frame, per key, typed by the real keyboard. */
async function measure(page: Page): Promise<number[]> {
  await page.evaluate(() => window.__workbench.openFile('chapters/intro.typ'));
  await page.click('.cm-content');
  await page.keyboard.press('Control+End');
  await page.evaluate(() => {
    const samples: number[] = [];
    (window as unknown as { __samples: number[] }).__samples = samples;
    window.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame((frame) => samples.push(frame - start));
      },
      true,
    );
  });
  // Bursts of typing with pauses longer than the ghost text's quiet time between them.
  for (let index = 0; index < KEYS; index += 1) {
    await page.keyboard.type(index % 6 === 5 ? ' ' : 'a');
    if (index % 6 === 5) await page.waitForTimeout(450);
  }
  await page.waitForTimeout(200);
  return page.evaluate(() => (window as unknown as { __samples: number[] }).__samples);
}

const { startWorkbench } = await load('workbench/server.mjs');
const { makeSelfSignedCert } = await load('workbench/cert.mjs');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'typst-assist-bench-'));
const workbench = await startWorkbench({ https: makeSelfSignedCert(path.join(tmp, 'cert')) });
const context = await chromium.launchPersistentContext(path.join(tmp, 'profile'), {
  executablePath: '/usr/bin/chromium',
  headless: true,
  ignoreHTTPSErrors: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    `--host-resolver-rules=MAP typst.app 127.0.0.1:${workbench.port}, MAP * ~NOTFOUND`,
    '--ignore-certificate-errors',
  ],
});
try {
  const script = await bundle();
  const rows: [string, number[]][] = [];
  let drawn = 0;
  for (const withGhost of [false, true, false, true, false, true]) {
    const page = await context.newPage();
    await page.goto('https://typst.app/project/thesis');
    await page.evaluate(() => window.__workbench.ready);
    if (withGhost) await page.addScriptTag({ content: script });
    const samples = await measure(page);
    if (withGhost)
      drawn += await page.evaluate(
        () => document.querySelectorAll('[data-side-agent-ghost]').length,
      );
    rows.push([withGhost ? 'on' : 'off', samples]);
    await page.close();
  }
  const of = (label: string) =>
    rows.filter(([name]) => name === label).flatMap(([, samples]) => samples);
  const off = of('off');
  const on = of('on');
  console.log(
    'where: headless Chromium, workbench CodeMirror 6, keydown to the animation frame that paints it',
  );
  console.log(
    `typst-assist keystroke to paint, completion off: median ${percentile(off, 0.5).toFixed(2)} ms, p90 ${percentile(off, 0.9).toFixed(2)} ms (${off.length} keys)`,
  );
  console.log(
    `typst-assist keystroke to paint, ghost text on: median ${percentile(on, 0.5).toFixed(2)} ms, p90 ${percentile(on, 0.9).toFixed(2)} ms (${on.length} keys)`,
  );
  console.log(
    `typst-assist ghost text added at the median: ${(percentile(on, 0.5) - percentile(off, 0.5)).toFixed(2)} ms (ghost texts drawn while typing: ${drawn})`,
  );
} finally {
  await context.close();
  await workbench.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
