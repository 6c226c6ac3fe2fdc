// The "Also allow <frame site>" offer under an answer whose page embeds a frame from
// a site the person has not allowed, before and after the click; the frame's site
// is a long hostname, so the narrow panel shows how it wraps.
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { createRunDriver } from '../support/run-driver';
import { shootPanel } from '../support/gallery';
import { launchWebBrowser, type WebBrowser } from '../support/web-browser';
import { startWebPages, type WebPages } from '../support/web-pages';

const MAPS = 'maps.a-long-embedded-provider-name.example';
const SHOP = `<!doctype html><title>Store finder</title><h1>Find a store</h1>
<iframe title="Map" src="https://${MAPS}/embed" style="width:400px;height:150px"></iframe>`;

let pages: WebPages;
let browser: WebBrowser;
let models: ModelServer;
let proxy: CorsProxy;

beforeAll(async () => {
  pages = await startWebPages({
    'shop.example': { '/': SHOP },
    [MAPS]: { '/': '<p>Maps</p>', '/embed': '<button>Store on Main Street</button>' },
  });
  models = await startModelServer({ scenario: 'basic-tool-loop' });
  proxy = await startCorsProxy(models.port);
  browser = await launchWebBrowser(pages, { hostRules: ['EXCLUDE 127.0.0.1'] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await models?.close();
  await pages?.close();
});

async function ask(panel: Page, text: string) {
  await panel.getByTestId('composer-input').fill(text);
  await panel.getByTestId('composer-input').press('Enter');
  await panel.locator('[data-testid="assistant-turn"][data-status="complete"]').waitFor();
}

describe('frame allow gallery', () => {
  it('the Also allow offer, then allowed', async () => {
    await models.setScenario({
      name: 'frame-allow',
      models: ['scripted-model'],
      turns: [
        { steps: [{ toolCall: { id: 'read', name: 'get_accessibility_tree', arguments: {} } }] },
        { steps: [{ text: 'The map is in a frame I may not read yet.' }] },
      ],
    });
    const page = await browser.open('shop.example');
    const tabId = await browser.tabIdOf(page);
    const panel = await browser.openPanelTab(tabId);
    await panel.getByTestId('grant-always').click();
    await panel.getByTestId('composer-input').waitFor();
    const driver = createRunDriver(panel, {
      tabId,
      scope: { siteId: 'web', projectId: 'https://shop.example' },
      baseUrl: proxy.baseUrl,
    });
    const modelId = await driver.saveModel('scripted-model');
    await driver.send({
      type: 'settings/save-general',
      payload: { patch: { activeModelId: modelId } },
    });
    await panel.reload();
    await panel.getByTestId('composer-input').waitFor();
    await ask(panel, 'Where is the nearest store?');
    await panel.getByTestId('frame-allow-offer').waitFor();
    await shootPanel(panel, 'web-frame-allow-offer');
    await panel.getByTestId('frame-allow').first().click();
    await panel.getByTestId('frame-allow-done').waitFor();
    await shootPanel(panel, 'web-frame-allow-done');
    await panel.close();
  }, 120_000);
});
