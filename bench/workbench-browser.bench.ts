// The workbench's compile times as a person sees them: in headless Chromium, compiler in the
// page's module Web Worker, served as https://typst.app. Prints page load to first preview,
// worker init, cold compile, incremental compile and canvas render for the 5-page sample.
// The workbench modules are imported at run time (not bundled) because they locate their
// files relative to themselves.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const EDITS = 10;
const root = process.cwd();
const load = (rel: string) => import(pathToFileURL(path.join(root, rel)).href);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const { startWorkbench } = await load('workbench/server.mjs');
const { makeSelfSignedCert } = await load('workbench/cert.mjs');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-bench-'));
const workbench = await startWorkbench({ https: makeSelfSignedCert(path.join(tmp, 'cert')) });
const context = await chromium.launchPersistentContext(path.join(tmp, 'profile'), {
  executablePath: '/usr/bin/chromium',
  headless: true,
  ignoreHTTPSErrors: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--host-resolver-rules=MAP typst.app 127.0.0.1:${workbench.port}, MAP * ~NOTFOUND`,
    '--ignore-certificate-errors',
  ],
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  const started = performance.now();
  await page.goto('https://typst.app/project/thesis');
  await page.waitForFunction(() => '__workbench' in window);
  await page.evaluate(() => (window as any).__workbench.ready);
  const firstPreviewMs = performance.now() - started;
  const incremental = await page.evaluate(async (edits) => {
    const wb = (window as any).__workbench;
    const text: string = wb.getText('main.typ');
    for (let i = 0; i < edits; i++) {
      wb.setText('main.typ', text.replace('= Method', `= Method ${i}`));
      await wb.whenCompiled();
    }
    return wb.timings();
  }, EDITS);
  const [coldCompile, ...warm] = incremental.compileMs as number[];
  const [coldRender, ...warmRender] = incremental.renderMs as number[];
  console.log(
    'where: headless Chromium, typst.ts WASM compiler in a module Web Worker, fonts and wasm from the local origin',
  );
  console.log(`workbench browser page load to first preview: ${firstPreviewMs.toFixed(0)} ms`);
  console.log(
    `workbench browser worker init (wasm + 17 fonts): ${(incremental.initMs[0] ?? 0).toFixed(1)} ms`,
  );
  console.log(`workbench browser cold compile: ${(coldCompile ?? 0).toFixed(1)} ms`);
  console.log(
    `workbench browser incremental compile median (${EDITS} edits): ${median(warm).toFixed(1)} ms`,
  );
  console.log(
    `workbench browser first canvas render (5 pages): ${(coldRender ?? 0).toFixed(1)} ms`,
  );
  console.log(`workbench browser canvas render median: ${median(warmRender).toFixed(1)} ms`);
} finally {
  await context.close();
  await workbench.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
