// Real runs of the web read tools: the local web pages (web-read-pages.ts) in Chromium
// with the built extension, the scripted model server behind the CORS proxy, a driver
// page holding a panel port, and per page a driver for its tab. With `allUrls` the copy
// of the build also holds access to all sites (<all_urls>): the browsers capture a tab
// only with that or with the activeTab grant of a toolbar click, which a headless test
// cannot give.
import type { Page } from 'playwright-core';
import { startModelServer, type ModelServer } from '../model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../cors-proxy';
import {
  collectPanelEvents,
  createRunDriver,
  type RunDriver,
  type StartOptions,
} from '../run-driver';
import { runTools, type ToolStep } from '../tool-runs';
import { launchWebBrowser, type WebBrowser } from '../web-browser';
import { startWebPages, type WebPages } from '../web-pages';
import { webReadHosts } from './web-read-pages';

export interface WebReadTab {
  readonly page: Page;
  readonly tabId: number;
  readonly driver: RunDriver;
  /** The saved plain (non-vision) model. */
  readonly modelId: string;
  /** Runs the calls as one agent run with the plain (non-vision) model. */
  run(steps: readonly ToolStep[], options?: StartOptions): ReturnType<typeof runTools>;
  /** The same with a model saved as able to see images. */
  runWithVision(
    steps: readonly ToolStep[],
    options?: Parameters<typeof runTools>[2],
  ): ReturnType<typeof runTools>;
  close(): Promise<void>;
}

export interface WebReadRuns {
  readonly browser: WebBrowser;
  readonly pages: WebPages;
  readonly models: ModelServer;
  open(host: string, path: string): Promise<WebReadTab>;
  /** Closes every tab `open` opened that is still open. */
  closeTabs(): Promise<void>;
  close(): Promise<void>;
}

async function saveVisionModel(driver: RunDriver, baseUrl: string): Promise<string> {
  const view = await driver.send({
    type: 'settings/save-model',
    payload: {
      model: {
        name: 'scripted-vision',
        kind: 'openai-compatible',
        baseUrl,
        modelId: 'scripted-model',
        supportsVision: true,
        reasoningEffort: 'default',
        contextWindow: 128_000,
        insecureOriginAcknowledged: null,
        apiKey: '',
      },
    },
  });
  const saved = (view.data.models as { id: string; name: string }[]).find(
    (model) => model.name === 'scripted-vision',
  );
  if (!saved) throw new Error('vision model not saved');
  return saved.id;
}

export async function startWebReadRuns(options: { allUrls?: boolean } = {}): Promise<WebReadRuns> {
  const pages = await startWebPages(webReadHosts());
  const models = await startModelServer({ scenario: 'basic-tool-loop' });
  const proxy: CorsProxy = await startCorsProxy(models.port);
  const browser = await launchWebBrowser(pages, {
    hostRules: ['EXCLUDE 127.0.0.1'],
    allUrls: options.allUrls ?? false,
  });
  let plainModel: string | null = null;
  let visionModel: string | null = null;
  const open = new Set<WebReadTab>();
  return {
    browser,
    pages,
    models,
    async open(host, path) {
      const page = await browser.open(host, path);
      await browser.injectBridge(page);
      const tabId = await browser.tabIdOf(page);
      const panel = await browser.openPanelTab(tabId);
      await collectPanelEvents(panel);
      // The panel tab opened in front; the page must be the visible tab again.
      await page.bringToFront();
      const driver = createRunDriver(panel, {
        tabId,
        scope: { siteId: 'web', projectId: new URL(pages.url(host, path)).origin },
        baseUrl: proxy.baseUrl,
      });
      plainModel ??= await driver.saveModel('scripted-model');
      visionModel ??= await saveVisionModel(driver, proxy.baseUrl);
      const plain = plainModel;
      const vision = visionModel;
      const tab: WebReadTab = {
        page,
        tabId,
        driver,
        modelId: plain,
        run: (steps, runOptions) => runTools({ driver, models, modelId: plain }, steps, runOptions),
        runWithVision: (steps, runOptions) =>
          runTools({ driver, models, modelId: vision }, steps, runOptions),
        async close() {
          open.delete(tab);
          await panel.close();
          await page.close();
        },
      };
      open.add(tab);
      return tab;
    },
    async closeTabs() {
      for (const tab of [...open]) await tab.close();
    },
    async close() {
      await browser.close();
      await proxy.close();
      await models.close();
      await pages.close();
    },
  };
}
