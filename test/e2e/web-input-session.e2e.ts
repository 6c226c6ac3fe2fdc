// The action tools through the built extension in real Chromium: real runs with the
// scripted model call them, the worker takes the tab's debugger session (the build
// carries the debugger permission) and the page's act handlers answer in the content
// script. The refs name no element (this page was never observed), so each click
// refuses with PAGE_REF_NOT_FOUND and leaves the page as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchWebBrowser, type WebBrowser } from '../support/web-browser';
import { startWebPages, type WebPages } from '../support/web-pages';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { collectPanelEvents, createRunDriver, type RunDriver } from '../support/run-driver';
import { runTools, type ToolStep } from '../support/tool-runs';

const PAGE = `<!doctype html><title>Shop</title><button id="buy">Buy</button>
`;

let pages: WebPages;
let browser: WebBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let shop: Page;
let driver: RunDriver;
let modelId: string;

beforeAll(async () => {
  pages = await startWebPages({ 'shop.example': { '/': PAGE } });
  models = await startModelServer({ scenario: 'basic-tool-loop' });
  proxy = await startCorsProxy(models.port);
  browser = await launchWebBrowser(pages, { hostRules: ['EXCLUDE 127.0.0.1'] });
  shop = await browser.open('shop.example');
  await browser.injectBridge(shop);
  const tabId = await browser.tabIdOf(shop);
  const panel = await browser.openPanelTab(tabId);
  await collectPanelEvents(panel);
  driver = createRunDriver(panel, {
    tabId,
    scope: { siteId: 'web', projectId: 'https://shop.example' },
    baseUrl: proxy.baseUrl,
  });
  modelId = await driver.saveModel('scripted-model');
});

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await models?.close();
  await pages?.close();
});

const approve = () => Promise.resolve('allow-run');

describe('action tools in a real run', () => {
  it('runs click and press_keys through the worker and refuses refs that name nothing', async () => {
    const click: ToolStep = { name: 'click', arguments: { ref: 'e41' }, onPending: approve };
    const outcome = await runTools(
      { driver, models, modelId },
      [
        click,
        { ...click, arguments: { ref: 'e42' } },
        { name: 'press_keys', arguments: { keys: ['Escape'] }, onPending: approve },
      ],
      { agentMode: 'act' },
    );
    expect(outcome.results.map((result) => result.code ?? 'ok')).toEqual([
      'PAGE_REF_NOT_FOUND',
      'PAGE_REF_NOT_FOUND',
      'ok',
    ]);
    expect(outcome.end.payload['status']).toBe('done');
    // Nothing on the page was pressed: the refs named nothing, Escape had no target.
    expect(await shop.evaluate(() => document.activeElement === document.body)).toBe(true);
  });
});
