// Shared set-up of the typst tool tests that run through real agent runs: the
// workbench as https://typst.app, the scripted model server behind the CORS proxy, the
// built extension, a driver page holding a panel port, and helpers to open the
// workbench and read or set chapters/intro.typ.
import type { Page } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchExtensionBrowser, type ExtensionBrowser } from '../../support/extension-browser';
import { startModelServer, type ModelServer } from '../../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../../support/cors-proxy';
import { collectPanelEvents, createRunDriver, type RunDriver } from '../../support/run-driver';
import { runTools, type ToolStep } from '../../support/tool-runs';
import type { StartOptions } from '../../support/run-driver';
import { startWorkbench } from '../../../workbench/server.mjs';
import { makeSelfSignedCert } from '../../../workbench/cert.mjs';
import './workbench-browser';

export interface TypstRuns {
  readonly harness: ExtensionBrowser;
  readonly models: ModelServer;
  /** Opens the workbench (a CodeMirror variant) on chapters/intro.typ with a driver for its tab. */
  open(query: string): Promise<TypstTab>;
  close(): Promise<void>;
}

export interface TypstTab {
  readonly page: Page;
  readonly tabId: number;
  readonly driver: RunDriver;
  /** Runs the calls as one agent run (see test/support/tool-runs.ts). */
  run(steps: readonly ToolStep[], options?: StartOptions): ReturnType<typeof runTools>;
  setDoc(text: string): Promise<void>;
  getDoc(): Promise<string | null>;
  close(): Promise<void>;
}

export async function startTypstRuns(): Promise<TypstRuns> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'typst-runs-'));
  const workbench = await startWorkbench({ https: makeSelfSignedCert(path.join(tmp, 'cert')) });
  const models = await startModelServer({ scenario: 'basic-tool-loop' });
  const proxy: CorsProxy = await startCorsProxy(models.port);
  const harness = await launchExtensionBrowser({
    typstPort: workbench.port,
    hostRules: ['EXCLUDE 127.0.0.1'],
  });
  await harness.waitForStartup();
  let modelId: string | null = null;
  return {
    harness,
    models,
    async open(query) {
      const page = await harness.context.newPage();
      await page.goto(`https://typst.app/project/thesis${query}`);
      await page.evaluate(() => window.__workbench.ready);
      await page.waitForFunction(
        () => document.documentElement.dataset['sideAgentBridge'] === 'connected',
        null,
        { timeout: 15_000 },
      );
      await page.evaluate(() => window.__workbench.openFile('chapters/intro.typ'));
      const tabId = await harness.tabIdOf(page);
      const host = await harness.openPanelTab(tabId);
      await collectPanelEvents(host);
      const driver = createRunDriver(host, {
        tabId,
        scope: { siteId: 'typst', projectId: 'thesis' },
        baseUrl: proxy.baseUrl,
      });
      modelId ??= await driver.saveModel('scripted-model');
      const id = modelId;
      return {
        page,
        tabId,
        driver,
        run: (steps, options) => runTools({ driver, models, modelId: id }, steps, options),
        setDoc: (text) =>
          page.evaluate((value) => window.__workbench.setText('chapters/intro.typ', value), text),
        getDoc: () => page.evaluate(() => window.__workbench.getText('chapters/intro.typ')),
        async close() {
          await host.close();
          await page.close();
        },
      };
    },
    async close() {
      await harness.close();
      await proxy.close();
      await models.close();
      await workbench.close();
    },
  };
}
