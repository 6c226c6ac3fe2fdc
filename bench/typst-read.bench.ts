// typst.app tools through the real bridge: `read_document` of a 1 MiB document end to
// end (tool in the MV3 worker -> isolated relay -> MAIN runtime -> CodeMirror 6 on the
// workbench -> back, validated at each hop), and the full-text edit snapshot of the
// same document. Times are taken inside the worker around the tool call.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { launchExtensionBrowser } from '../test/support/extension-browser';

const RUNS = 15;
const root = process.cwd();
const load = (rel: string) => import(pathToFileURL(path.join(root, rel)).href);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const HARNESS = `
import { readDocumentTool } from './src/sites/typst/worker/read-document.tool';
import { createPageRequests } from './src/worker/page-requests';
import { createTabsTransport } from './src/worker/platform/tabs-transport';
const pages = createPageRequests(createTabsTransport);
globalThis.__typstBench = {
  async readDocument(tabId, maxChars) {
    const context = { callId: 'bench', signal: new AbortController().signal, editMode: 'auto',
      page: { tabId, request: (m, p) => pages.request(tabId, m, p) },
      interaction: { waitForPage: async () => 'skipped', reviewEdit: async () => 'reject', notice() {} },
      state: { targetFile: 'chapters/intro.typ', capturedSelection: null, checkpointId: null } };
    const started = performance.now();
    const outcome = await readDocumentTool.execute({ max_chars: maxChars }, context);
    if (!outcome.ok) throw new Error(outcome.code);
    return performance.now() - started;
  },
  async snapshot(tabId) {
    const started = performance.now();
    const result = await pages.request(tabId, 'page/typst-snapshot', {});
    if (!result.ok || result.data.length !== 1048576) throw new Error('snapshot failed');
    return performance.now() - started;
  },
};
`;

execFileSync('npx', ['--no-install', 'wxt', 'build'], { stdio: 'ignore' });
const { startWorkbench } = await load('workbench/server.mjs');
const { makeSelfSignedCert } = await load('workbench/cert.mjs');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'typst-read-bench-'));
const workbench = await startWorkbench({ https: makeSelfSignedCert(path.join(tmp, 'cert')) });
const harness = await launchExtensionBrowser({ typstPort: workbench.port });
try {
  await harness.waitForStartup();
  const bundle = await build({
    stdin: { contents: HARNESS, resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'iife',
    write: false,
    platform: 'browser',
  });
  const worker = await harness.worker();
  await worker.evaluate(bundle.outputFiles[0]?.text ?? '');
  const page = await harness.context.newPage();
  await page.goto('https://typst.app/project/thesis');
  await page.waitForFunction(
    () => document.documentElement.dataset['sideAgentBridge'] === 'connected',
    null,
    { timeout: 15_000 },
  );
  const line = `${'x'.repeat(62)}😀\n`;
  await page.evaluate(
    (text) => {
      const bench = window as unknown as {
        __workbench: { openFile(p: string): void; setText(p: string, t: string): void };
      };
      bench.__workbench.openFile('chapters/intro.typ');
      bench.__workbench.setText('chapters/intro.typ', text);
    },
    line.repeat(1_048_576 / line.length) + 'y'.repeat(1_048_576 % line.length),
  );
  const tabId = await harness.tabIdOf(page);
  const call = (name: 'readDocument' | 'snapshot', maxChars?: number) =>
    worker.evaluate(
      ([n, t, m]) =>
        (
          globalThis as never as {
            __typstBench: Record<string, (t: number, m?: number) => Promise<number>>;
          }
        ).__typstBench[n]!(t, m),
      [name, tabId, maxChars] as const,
    );
  const figures: Record<string, number[]> = { first: [], max: [], snapshot: [] };
  for (let run = 0; run < RUNS + 2; run += 1) {
    const [first, max, snapshot] = [
      await call('readDocument'),
      await call('readDocument', 64_000),
      await call('snapshot'),
    ];
    if (run < 2) continue; // warm-up
    figures['first']?.push(first);
    figures['max']?.push(max);
    figures['snapshot']?.push(snapshot);
  }
  console.log(
    'where: headless Chromium, extension worker -> relay -> MAIN runtime -> workbench CodeMirror 6, 1,048,576-char document',
  );
  console.log(
    `typst read_document 1 MiB default page (28,000 chars) median: ${median(figures['first'] ?? []).toFixed(1)} ms`,
  );
  console.log(
    `typst read_document 1 MiB max page (64,000 chars) median: ${median(figures['max'] ?? []).toFixed(1)} ms`,
  );
  console.log(
    `typst edit snapshot 1 MiB (full text + SHA-256) median: ${median(figures['snapshot'] ?? []).toFixed(1)} ms`,
  );
} finally {
  await harness.close();
  await workbench.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
