// "Copy diagnostics" in real Chromium through the real panel: a scripted model saved
// with a known fake API key answers one chat turn; Settings → General "Copy
// diagnostics" puts the report on the real clipboard (read back with the clipboard
// permission granted to the extension's origin), and it carries the version, the
// last run and the model request, and never the key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ModelServer } from '../support/model-server/model-server.mjs';
import type { CorsProxy } from '../support/cors-proxy';
import type { WebBrowser } from '../support/web-browser';
import { startWebStack, type WebStack } from '../support/web-stack';
import { panelRequest, panelWithModel, sendFromComposer } from '../support/panel-page';

const HOST = 'kettles.example';
// No vendor prefix, so only the report's own key filter can catch it.
const API_KEY = 'fakekey-DiagE2E-0123456789abcdef';
const PROMPT = 'Which kettle is cheapest on this page?';
const PAGE = '<!doctype html><title>Kettles</title><h1>Kettles</h1><p>Steel kettle: 20 EUR</p>';

let stack: WebStack;
let browser: WebBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let panel: Page;

beforeAll(async () => {
  stack = await startWebStack(
    { [HOST]: { '/': PAGE } },
    {
      models: {
        // Requests without the key are refused, so the turn proves the key was sent.
        apiKey: API_KEY,
        scenario: {
          name: 'diagnostics',
          turns: [],
          policy: () => ({ steps: [{ text: 'The steel kettle, at 20 EUR.' }] }),
        },
      },
    },
  );
  ({ models, proxy, browser } = stack);
  const tab = await browser.open(HOST);
  panel = await panelWithModel(browser, tab, proxy.baseUrl, 'diagnostics');
  // The saved model gets its key as the Models form would save it.
  const view = await panelRequest(panel, { type: 'settings/get', payload: {} });
  const [saved] = view['models'] as Record<string, unknown>[];
  const { hasApiKey: _has, apiKeyHint: _hint, ...model } = saved!;
  await panelRequest(panel, {
    type: 'settings/save-model',
    payload: { model: { ...model, apiKey: API_KEY } },
  });
  // Playwright takes extension origins for opaque ones, so the grant is for every origin.
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('copy diagnostics', () => {
  it('copies a report with the version, the last run and the model request, without the key', async () => {
    await sendFromComposer(panel, PROMPT);
    await expect
      .poll(
        () =>
          panel
            .getByTestId('assistant-turn')
            .last()
            .getAttribute('data-status')
            .catch(() => null),
        { timeout: 30_000 },
      )
      .toBe('complete');
    expect(
      models.requests.some((request) => request.headers.authorization === `Bearer ${API_KEY}`),
    ).toBe(true);

    await panel.getByTestId('settings-toggle').click();
    await panel.getByRole('tab', { name: 'General' }).click();
    await panel.getByTestId('copy-diagnostics').click();
    const status = panel.getByTestId('diagnostics-status');
    await expect
      .poll(() => status.textContent(), { timeout: 15_000 })
      .toMatch(/^Copied: \d+(\.\d)? (bytes|KB), \d+ model exchanges\.$/);

    const copied = await panel.evaluate(() => navigator.clipboard.readText());
    const version = (await panel.evaluate(() => chrome.runtime.getManifest().version)) as string;
    expect(copied).toContain('# Side Agent diagnostics');
    expect(copied).toContain(`- Version: ${version}`);
    expect(copied).toContain('- Browser: Mozilla/5.0');
    expect(copied).toMatch(/- Status: done/);
    expect(copied).toContain('main-loop model-request diagnostics');
    expect(copied).toMatch(/### \d+\. model-request · main-loop · diagnostics/);
    expect(copied).toContain(PROMPT);
    expect(copied).toContain('The steel kettle, at 20 EUR.');
    expect(copied).toContain('"apiKey": "set"');
    expect(copied).not.toContain(API_KEY);
    expect(copied).not.toContain('0123456789abcdef');
    expect(copied.length).toBeLessThanOrEqual(200_000);
    expect(await panel.getByTestId('diagnostics-preview').textContent()).toContain(
      '# Side Agent diagnostics',
    );
  });
});
