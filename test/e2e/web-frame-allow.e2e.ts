// "Also allow <frame site>" in real Chromium through the real panel: a page the person
// allowed embeds a frame from a site they have not; the agent's observation leaves the
// frame unread, the panel offers "Also allow maps.example" under the activity (never
// for the reCAPTCHA frame beside it), the person clicks it, and the next answer's
// tree has the frame's content. The browser's prompt never settles headless, so this
// copy of the build holds the test hosts (see test/support/web-browser.ts); the
// product still decides which sites the person allowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CorsProxy } from '../support/cors-proxy';
import type { ModelServer } from '../support/model-server/model-server.mjs';
import { createRunDriver } from '../support/run-driver';
import type { WebBrowser } from '../support/web-browser';
import { startWebStack, type WebStack } from '../support/web-stack';

const SHOP = `<!doctype html><title>Store finder</title><h1>Find a store</h1>
<iframe title="Map" src="https://maps.example/embed?key=k3y" style="width:400px;height:150px"></iframe>
<iframe title="reCAPTCHA" src="https://www.google.com/recaptcha/api2/anchor?k=1" style="width:300px;height:80px"></iframe>`;

let stack: WebStack;
let browser: WebBrowser;
let models: ModelServer;
let proxy: CorsProxy;

beforeAll(async () => {
  stack = await startWebStack({
    'shop.example': { '/': SHOP },
    'maps.example': {
      '/': '<!doctype html><p>Maps</p>',
      '/embed': '<!doctype html><button>Store on Main Street</button>',
    },
    'www.google.com': {
      '/': '<!doctype html><p>Google</p>',
      '/recaptcha/api2/anchor': '<!doctype html><label><input type="checkbox"> Robot?</label>',
    },
  });
  ({ models, proxy, browser } = stack);
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

const observe = (id: string) => ({
  steps: [{ toolCall: { id, name: 'get_accessibility_tree', arguments: {} } }],
});

/** The tree the model received for tool call `id`. */
function treeSent(id: string): string {
  for (const seen of [...models.requests].reverse()) {
    const messages = (seen.body as { messages?: { tool_call_id?: string; content?: unknown }[] })
      .messages;
    const message = messages?.find((entry) => entry.tool_call_id === id);
    if (message && typeof message.content === 'string') {
      const parsed = JSON.parse(message.content) as {
        result?: { untrusted_page_content?: { content?: { tree?: string } } };
      };
      return parsed.result?.untrusted_page_content?.content?.tree ?? '';
    }
  }
  return '';
}

async function ask(panel: Page, text: string, answers: number) {
  await panel.getByTestId('composer-input').fill(text);
  await panel.getByTestId('composer-input').press('Enter');
  await expect
    .poll(
      () =>
        panel.evaluate(
          () =>
            [...document.querySelectorAll('[data-testid="assistant-turn"]')].filter(
              (turn) => turn.getAttribute('data-status') === 'complete',
            ).length,
        ),
      { timeout: 30_000 },
    )
    .toBe(answers);
}

describe('Also allow a frame site', () => {
  it('offers the unread frame site once, allows it from the click, and the next read includes it', async () => {
    await models.setScenario({
      name: 'frame-allow',
      models: ['scripted-model'],
      turns: [observe('first-read'), { steps: [{ text: 'The map is not readable.' }] }],
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

    await ask(panel, 'Where is the nearest store?', 1);
    const first = treeSent('first-read');
    expect(first).toContain('(frame site: maps.example)');
    expect(first).not.toContain('Store on Main Street');
    const offer = panel.getByTestId('frame-allow-offer');
    await offer.waitFor();
    expect(await offer.textContent()).toContain(
      'This page embeds content from maps.example that Side Agent may not read.',
    );
    // One line for the map; the human check is the person's, never offered.
    const buttons = panel.getByTestId('frame-allow');
    expect(await buttons.allTextContents()).toEqual(['Also allow maps.example']);

    await buttons.first().click();
    await panel.getByTestId('frame-allow-done').waitFor();
    const sites = (await driver.send({ type: 'sites/list', payload: {} })) as {
      data?: { sites: { host: string }[] };
    };
    expect(sites.data?.sites.map((site) => site.host).sort()).toEqual([
      'maps.example',
      'shop.example',
    ]);

    // The next run's history holds one answer: the scripted turns go on from there.
    await models.setScenario({
      name: 'frame-allow-again',
      models: ['scripted-model'],
      turns: [
        { steps: [{ text: 'unused' }] },
        observe('second-read'),
        { steps: [{ text: 'The store is on Main Street.' }] },
      ],
    });
    await ask(panel, 'And now?', 2);
    const second = treeSent('second-read');
    expect(second).toContain('Store on Main Street');
    expect(second).not.toContain('(frame site: maps.example)');
    expect(second).toContain('human check (reCAPTCHA)');
    // The next run read everything it could: no offer is left for it.
    expect(await panel.getByTestId('frame-allow-offer').count()).toBe(0);
    await panel.close();
    await page.close();
  }, 120_000);
});
