// The "Also allow <frame site>" offer under an answer whose page embeds a frame from
// a site the person has not allowed, before and after the click; the frame's site
// is a long hostname, so the narrow panel shows how it wraps.
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CorsProxy } from '../support/cors-proxy';
import type { ModelServer } from '../support/model-server/model-server.mjs';
import { panelWithModel } from '../support/panel-page';
import { shootPanel } from '../support/gallery';
import type { WebBrowser } from '../support/web-browser';
import { startWebStack, type WebStack } from '../support/web-stack';

const MAPS = 'maps.a-long-embedded-provider-name.example';
const SHOP = `<!doctype html><title>Store finder</title><h1>Find a store</h1>
<iframe title="Map" src="https://${MAPS}/embed" style="width:400px;height:150px"></iframe>`;

let stack: WebStack;
let browser: WebBrowser;
let models: ModelServer;
let proxy: CorsProxy;

beforeAll(async () => {
  stack = await startWebStack({
    'shop.example': { '/': SHOP },
    [MAPS]: { '/': '<p>Maps</p>', '/embed': '<button>Store on Main Street</button>' },
  });
  ({ models, proxy, browser } = stack);
}, 120_000);

afterAll(async () => {
  await stack?.close();
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
    const panel = await panelWithModel(browser, page, proxy.baseUrl, 'scripted-model');
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
