// Run traces in real Chromium through the real panel: tracing is turned on in
// Settings → Traces, a scripted-model web run reads the page with one tool call, and
// the Traces page (opened from the Settings link) lists the run with its size, shows
// its timeline with phases and a request viewer, searches its events, exports it as
// JSON (read back from the blob the page hands the browser) and deletes it. The page
// and the model's answer carry a password and an API key; neither is in the export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { launchWebBrowser, type WebBrowser } from '../support/web-browser';
import { startWebPages, type WebPages } from '../support/web-pages';
import { panelWithModel, sendFromComposer } from '../support/panel-page';

const HOST = 'mugs.example';
const PASSWORD = 'Hunter2-Kettle-77';
const API_KEY = 'sk-proj-TraceKeyAbCdEfGhIjKlMn0123';
const PAGE = `<!doctype html><title>Mugs</title><h1>Blue mugs</h1><p>Staff password: ${PASSWORD}</p>`;
const PROMPT = 'What is the heading of this page?';

interface SentBody {
  messages?: { role: string; content: unknown }[];
  tools?: unknown[];
}

let pages: WebPages;
let browser: WebBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let panel: Page;

beforeAll(async () => {
  pages = await startWebPages({ [HOST]: { '/': PAGE } });
  models = await startModelServer({
    scenario: {
      name: 'traces',
      turns: [],
      policy: (body: SentBody) => {
        if ((body.tools ?? []).length === 0) return { steps: [{ text: 'Mug heading' }] };
        if (body.messages?.some((message) => message.role === 'tool'))
          return { steps: [{ text: `The heading is Blue mugs. Your key: ${API_KEY}` }] };
        return { steps: [{ toolCall: { id: 'read-1', name: 'read_page', arguments: {} } }] };
      },
    },
  });
  proxy = await startCorsProxy(models.port);
  browser = await launchWebBrowser(pages, { hostRules: ['EXCLUDE 127.0.0.1'] });
  const tab = await browser.open(HOST);
  panel = await panelWithModel(browser, tab, proxy.baseUrl, 'traces');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await models?.close();
  await pages?.close();
});

const openTracesSettings = async () => {
  await panel.getByTestId('settings-toggle').click();
  await panel.getByRole('tab', { name: 'Traces' }).click();
};

describe('run traces', () => {
  it('records a run once turned on, and the Traces page shows, searches, exports and deletes it', async () => {
    await openTracesSettings();
    const enabled = panel.getByTestId('traces-enabled');
    await expect.poll(() => enabled.isChecked(), { timeout: 15_000 }).toBe(false);
    await enabled.check();
    await panel.getByTestId('traces-save-settings').click();
    await expect
      .poll(() => panel.getByRole('status').filter({ hasText: 'Saved.' }).count())
      .toBe(1);
    await panel.getByTestId('settings-toggle').click();

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

    await openTracesSettings();
    const [traces] = await Promise.all([
      browser.context.waitForEvent('page'),
      panel.getByTestId('traces-open').click(),
    ]);
    await traces.waitForLoadState();
    expect(new URL(traces.url()).pathname).toBe('/traces.html');
    const run = traces.getByTestId('trace-run').filter({ hasText: PROMPT });
    await expect.poll(() => run.count(), { timeout: 15_000 }).toBe(1);
    expect(await run.getByTestId('trace-run-size').textContent()).toMatch(/^\d+(\.\d)? (B|KB|MB)$/);
    await run.click();

    const timeline = traces.getByTestId('trace-timeline');
    await expect.poll(() => timeline.locator('li').count(), { timeout: 10_000 }).toBeGreaterThan(3);
    const kinds = await timeline
      .locator('li')
      .evaluateAll((items) =>
        items.map((item) => `${item.getAttribute('data-phase')}:${item.getAttribute('data-kind')}`),
      );
    expect(kinds).toContain('main-loop:phase');
    expect(kinds).toContain('main-loop:model-request');
    expect(kinds).toContain('main-loop:tool-call');
    expect(kinds).toContain('main-loop:tool-result');
    expect(kinds.indexOf('main-loop:tool-call')).toBeLessThan(
      kinds.indexOf('main-loop:tool-result'),
    );

    // The first request's viewer shows the conversation sent, without any key field.
    await timeline
      .locator('li[data-kind="model-request"]')
      .first()
      .getByTestId('trace-event')
      .click();
    const detail = traces.getByTestId('trace-detail');
    const request = JSON.parse((await detail.textContent()) ?? '') as Record<string, unknown>;
    expect(JSON.stringify(request['messages'])).toContain(PROMPT);
    expect(request['settings']).not.toHaveProperty('apiKey');

    // The tool result is stored without the page's password.
    await timeline.locator('li[data-kind="tool-result"]').getByTestId('trace-event').click();
    expect(await detail.textContent()).toContain('Blue mugs');
    expect(await detail.textContent()).not.toContain(PASSWORD);

    const search = traces.getByTestId('trace-search');
    await search.fill('no-such-words-anywhere');
    await expect.poll(() => timeline.locator('li').count()).toBe(0);
    expect(await traces.getByText('No event matches.').count()).toBe(1);
    await search.fill('read_page(');
    await expect
      .poll(() =>
        timeline
          .locator('li')
          .evaluateAll((items) => items.map((item) => item.getAttribute('data-kind'))),
      )
      .toEqual(['tool-call']);
    await search.fill('');
    await expect.poll(() => timeline.locator('li').count()).toBe(kinds.length);

    await traces.evaluate(() => {
      const state = globalThis as unknown as { __blobs: Blob[] };
      state.__blobs = [];
      const original = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (blob: Blob) => {
        state.__blobs.push(blob);
        return original(blob);
      };
    });
    await traces.getByTestId('trace-export').click();
    const text = await traces.evaluate(async () => {
      const state = globalThis as unknown as { __blobs: Blob[] };
      return state.__blobs[0]?.text() ?? '';
    });
    const exported = JSON.parse(text) as {
      format: string;
      run: { title: string };
      events: { kind: string; name?: string; detail: unknown }[];
    };
    expect(exported.format).toBe('side-agent-trace/1');
    expect(exported.run.title).toBe(PROMPT);
    const callEvent = exported.events.find((event) => event.kind === 'tool-call');
    expect(callEvent).toMatchObject({ name: 'read_page', detail: { name: 'read_page' } });
    expect(text).toContain('Blue mugs');
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(API_KEY);
    expect(text).toContain('[secret removed: api-key]');

    await traces.getByTestId('trace-delete').click();
    await expect.poll(() => traces.getByTestId('trace-run').count()).toBe(0);
    await traces.reload();
    await expect.poll(() => traces.getByText('No traces recorded yet.').count()).toBe(1);
  }, 120_000);
});
