// The web face's mode states: the composer in Ask (the default) and in Act on a web
// page, a call refused in Ask mode as the person sees it, and the model form's prompt
// tier field. Local sites play the web (web-pages.ts); the scripted model server
// plays the model (behind the CORS proxy, as the e2e tests do).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { shootPanel } from '../support/gallery';
import { launchWebBrowser, type WebBrowser } from '../support/web-browser';
import { startWebPages, type WebPages } from '../support/web-pages';
import { activateModel, saveScriptedModels } from '../support/panel-page';

let pages: WebPages;
let browser: WebBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let panel: Page;

const SHOP = `<!doctype html><title>Garden shop</title><h1>Garden shop</h1>
${Array.from({ length: 40 }, (_, index) => `<p>Product ${index + 1}.</p>`).join('\n')}`;

const composerReady = () =>
  panel.waitForFunction(
    () =>
      document.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')?.disabled ===
      false,
    null,
    { timeout: 15_000 },
  );

beforeAll(async () => {
  pages = await startWebPages({ 'shop.example': { '/': SHOP } });
  models = await startModelServer({
    scenario: {
      name: 'ask-click',
      turns: [
        {
          steps: [
            { toolCall: { id: 'call_1', name: 'scroll_page', arguments: { direction: 'down' } } },
          ],
        },
        { steps: [{ text: 'Switch to Act mode to let me do that.' }] },
      ],
    },
  });
  proxy = await startCorsProxy(models.port);
  browser = await launchWebBrowser(pages, { hostRules: ['EXCLUDE 127.0.0.1'] });
  const page = await browser.open('shop.example');
  await browser.injectBridge(page);
  panel = await browser.openPanelTab(await browser.tabIdOf(page));
  const ids = await saveScriptedModels(panel, proxy.baseUrl, [
    { name: 'Scripted model', modelId: 'ask-click', contextWindow: 32_768 },
  ]);
  await activateModel(panel, ids['ask-click']!);
  await panel.reload();
  await composerReady();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await models?.close();
  await pages?.close();
});

describe('web modes gallery', () => {
  it('the composer in Ask, then in Act', async () => {
    await shootPanel(panel, 'web-composer-ask');
    await panel.getByTestId('agent-mode-act').check();
    await expect.poll(() => panel.getByTestId('agent-mode-hint').textContent()).toMatch(/^Act/);
    await shootPanel(panel, 'web-composer-act');
  });

  it('a call refused in Ask mode', async () => {
    await panel.getByTestId('agent-mode-ask').check();
    const input = panel.getByTestId('composer-input');
    await input.fill('Scroll down to the reviews.');
    await input.press('Enter');
    await expect
      .poll(() => panel.getByTestId('assistant-turn').last().textContent(), { timeout: 30_000 })
      .toContain('Switch to Act mode');
    await panel.getByTestId('tool-card').locator('summary').click();
    await shootPanel(panel, 'web-mode-refused');
  });

  it('Settings → Models: the prompt tier field', async () => {
    await panel.getByTestId('settings-toggle').click();
    await panel.getByRole('tab', { name: 'Models' }).click();
    await panel.getByTestId('model-row').first().getByRole('button', { name: 'Edit' }).click();
    const tier = panel.getByTestId('model-prompt-tier');
    await tier.scrollIntoViewIfNeeded();
    await shootPanel(panel, 'settings-model-tier');
  });
});
