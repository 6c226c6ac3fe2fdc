// The product, offline: the workbench plays typst.app, the extension is loaded in
// Debian's Chromium, and the model is the user's (environment or Settings) or, with
// --demo, the scripted model server. Headful when a display exists; otherwise it
// runs headless, saves screenshots of the editor and the side panel, and exits.
// Options: --demo, --headless, --legacy (CodeMirror view 6.38.8), --no-build (use
// the existing .output/chrome-mv3, e.g. right after `npm run build`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startWorkbench } from '../../workbench/server.mjs';
import { makeSelfSignedCert } from '../../workbench/cert.mjs';
import {
  CHROMIUM_PATH,
  REPO_ROOT,
  launchExtensionBrowser,
} from '../../test/support/extension-browser';
import { openRealSidePanel } from '../../test/support/real-side-panel';
import { configureModel, modelFromEnvironment, startDemoModel } from './model-config';
import { runDemo } from './demo';

const args = new Set(process.argv.slice(2));
const headless = args.has('--headless') || !process.env['DISPLAY'];
const cmVariant = args.has('--legacy') ? 'legacy' : 'current';
const demoMode = args.has('--demo');

if (!existsSync(CHROMIUM_PATH)) {
  console.error(
    `Chromium not found at ${CHROMIUM_PATH}: install it with "sudo apt-get install chromium" or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

if (!args.has('--no-build')) {
  console.log('Building the extension…');
  // The build's own output is shown only when it fails, so a broken build says why
  // instead of ending in this script's stack trace.
  const build = spawnSync('npx', ['--no-install', 'wxt', 'build'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}`);
    console.error(`The extension build failed (exit ${build.status ?? 'signal'}); see above.`);
    process.exit(1);
  }
}
const certDir = mkdtempSync(path.join(os.tmpdir(), 'side-agent-start-'));
const workbench = await startWorkbench({ https: makeSelfSignedCert(certDir), cmVariant });
const demo = demoMode ? await startDemoModel() : null;
const model = demo?.model ?? modelFromEnvironment();
// The harness resolves every other host to nothing (MAP * ~NOTFOUND) so nothing
// leaves the machine by accident; the model's host is the one exception.
const modelHost = model ? new URL(model.baseUrl).hostname : null;
const hostRules = [
  'EXCLUDE 127.0.0.1',
  ...(modelHost && modelHost !== '127.0.0.1' ? [`EXCLUDE ${modelHost}`] : []),
];
const harness = await launchExtensionBrowser({ typstPort: workbench.port, headless, hostRules });

let closing: Promise<void> | null = null;
const shutdown = () =>
  (closing ??= (async () => {
    await harness.close();
    await workbench.close();
    await demo?.close();
  })());

try {
  await harness.waitForStartup();
  if (model) await configureModel(harness, model, { headless, demo: demoMode });
  const page = await harness.context.newPage();
  await page.goto('https://typst.app/project/thesis');
  await page.waitForFunction(
    () => document.documentElement.dataset['sideAgentBridge'] === 'connected',
    null,
    { timeout: 30_000 },
  );
  // The first compile renders the preview; screenshots before it show an empty page.
  await page.evaluate(() =>
    (
      window as unknown as { __workbench: { whenCompiled(): Promise<unknown> } }
    ).__workbench.whenCompiled(),
  );
  console.log(
    `Workbench: https://typst.app/project/thesis (served from ${workbench.origin}), ${
      cmVariant === 'legacy'
        ? 'legacy CodeMirror (@codemirror/view 6.38.8, reached through cmView)'
        : 'current CodeMirror (reached through cmTile)'
    }`,
  );
  console.log(
    model
      ? `Model: ${model.modelId} at ${model.baseUrl} (saved in Settings → Models and selected)`
      : 'Model: none configured; add one in the panel (Settings → Models) or set SIDE_AGENT_BASE_URL, SIDE_AGENT_API_KEY and SIDE_AGENT_MODEL.',
  );

  await page.bringToFront();
  const panel = await openRealSidePanel(harness, page);
  if (demoMode) {
    const result = await runDemo(harness, page, panel, {
      headless,
      outDir: path.join(REPO_ROOT, 'test-results', cmVariant === 'legacy' ? 'demo-legacy' : 'demo'),
    });
    process.exitCode = result.fixed ? 0 : 1;
  }
  if (headless) {
    if (!demoMode) {
      // Each CodeMirror variant keeps its own screenshots.
      const outDir = path.join(
        REPO_ROOT,
        'test-results',
        cmVariant === 'legacy' ? 'start-legacy' : 'start',
      );
      mkdirSync(outDir, { recursive: true });
      const editorShot = path.join(outDir, 'editor.png');
      await page.screenshot({ path: editorShot });
      const panelShot = path.join(outDir, 'side-panel.png');
      writeFileSync(panelShot, await panel.screenshot());
      console.log(`No display: ran headless. Screenshots:\n  ${editorShot}\n  ${panelShot}`);
    }
    await panel.detach();
    await shutdown();
  } else {
    console.log(
      'Chromium is open with the side panel. Close the browser window or press Ctrl-C to stop.',
    );
    process.on('SIGINT', () => void shutdown().then(() => process.exit(0)));
    harness.context.on(
      'close',
      () => void shutdown().then(() => process.exit(process.exitCode ?? 0)),
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown();
  process.exit(1);
}
