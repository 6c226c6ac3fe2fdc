// Real agent runs on the web face for the tree's e2e tests: local sites as real
// hostnames (web-pages.ts), Chromium with the build granted on them (web-browser.ts),
// the scripted model server behind the CORS proxy, and a driver page holding a panel
// port. `observe` runs get_accessibility_tree calls and returns what the model got.
import type { Page } from 'playwright-core';
import { startCorsProxy, type CorsProxy } from '../cors-proxy';
import { startModelServer } from '../model-server/model-server.mjs';
import { collectPanelEvents, createRunDriver } from '../run-driver';
import { runTools, type ToolResult, type ToolStep } from '../tool-runs';
import { launchWebBrowser, type WebBrowser } from '../web-browser';
import { startWebPages, type WebHosts, type WebPages } from '../web-pages';

export interface TreeRuns {
  readonly browser: WebBrowser;
  readonly pages: WebPages;
  /**
   * Opens `https://<host><path>` with the bridge in every frame and a run driver for its
   * tab; `alsoAllow` hosts (a cross-origin frame's) are allowed as the person would.
   */
  open(host: string, path?: string, alsoAllow?: readonly string[]): Promise<TreeTab>;
  close(): Promise<void>;
}

export interface TreeTab {
  readonly page: Page;
  /** Runs these tool calls as one agent run; resolves with the results the model received. */
  call(steps: readonly ToolStep[]): Promise<ToolResult[]>;
  close(): Promise<void>;
}

/** The tree text of a successful get_accessibility_tree result. */
export function treeText(result: ToolResult): string {
  const data = result['result'] as
    { untrusted_page_content?: { content?: { tree?: string } } } | undefined;
  return data?.untrusted_page_content?.content?.tree ?? '';
}

export async function startTreeRuns(hosts: WebHosts): Promise<TreeRuns> {
  const pages = await startWebPages(hosts);
  const models = await startModelServer({ scenario: 'basic-tool-loop' });
  const proxy: CorsProxy = await startCorsProxy(models.port);
  const browser = await launchWebBrowser(pages, { hostRules: ['EXCLUDE 127.0.0.1'] });
  let modelId: string | null = null;
  return {
    browser,
    pages,
    async open(host, path = '/', alsoAllow = []) {
      const page = await browser.open(host, path);
      await browser.injectBridge(page, alsoAllow);
      await page.waitForFunction(
        () => document.documentElement.dataset['sideAgentBridge'] === 'connected',
        null,
        { timeout: 15_000 },
      );
      const tabId = await browser.tabIdOf(page);
      const panel = await browser.openPanelTab(tabId);
      await collectPanelEvents(panel);
      const driver = createRunDriver(panel, {
        tabId,
        scope: { siteId: 'web', projectId: new URL(page.url()).origin },
        baseUrl: proxy.baseUrl,
      });
      modelId ??= await driver.saveModel('scripted-model');
      const id = modelId;
      return {
        page,
        async call(steps) {
          const outcome = await runTools({ driver, models, modelId: id }, steps);
          return outcome.results;
        },
        async close() {
          await panel.close();
          await page.close();
        },
      };
    },
    async close() {
      await browser.close();
      await proxy.close();
      await models.close();
      await pages.close();
    },
  };
}
