// The web face's agent modes in real Chromium: the composer's Ask / Act / Dev control
// on a web page (Ask by default, keyboard operable, remembered per chat across panel
// reopenings), a scripted model that calls an Act-only tool in Ask mode (refused with
// TOOL_NOT_IN_MODE whatever it sends, the person sees a plain line with the code
// behind Details, the page does not move), and the same tool running in Act mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ModelServer } from '../support/model-server/model-server.mjs';
import type { CorsProxy } from '../support/cors-proxy';
import type { WebBrowser } from '../support/web-browser';
import { startWebStack, type WebStack } from '../support/web-stack';
import { activateModel, panelRequest, saveScriptedModels } from '../support/panel-page';

let stack: WebStack;
let browser: WebBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let page: Page;
let panel: Page;
let tabId: number;

const ORIGIN = 'https://shop.example';
const SHOP = `<!doctype html><title>Shop</title><h1>Garden shop</h1>
${Array.from({ length: 80 }, (_, index) => `<p>Product ${index + 1}: a sturdy garden tool.</p>`).join('\n')}
<h2 id="reviews">Reviews</h2><p>Five stars.</p>`;

const scrollCall = (id: string) => ({
  steps: [{ toolCall: { id, name: 'scroll_page', arguments: { direction: 'down' } } }],
});

const request = (message: Record<string, unknown>): Promise<any> => panelRequest(panel, message);

async function useModel(name: string): Promise<void> {
  const ids = await saveScriptedModels(panel, proxy.baseUrl, [{ modelId: name }]);
  await activateModel(panel, ids[name]!);
}

/** Opens the panel for the shop tab, as a person reopening it does. */
async function openPanel(): Promise<void> {
  panel = await browser.openPanelTab(tabId);
  await panel.waitForFunction(
    () =>
      document.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')?.disabled ===
      false,
    null,
    { timeout: 15_000 },
  );
}

const checkedMode = () =>
  panel.evaluate(
    () => document.querySelector<HTMLInputElement>('[name="agent-mode"]:checked')?.value ?? null,
  );

async function send(text: string): Promise<void> {
  const input = panel.getByTestId('composer-input');
  await input.fill(text);
  await input.press('Enter');
}

const lastAnswer = () => panel.getByTestId('assistant-turn').last();

/** Waits until the last answer is stored (the run ended) and contains `text`. */
async function answerContains(text: string): Promise<void> {
  await expect
    .poll(
      () =>
        lastAnswer()
          .textContent()
          .catch(() => ''),
      { timeout: 20_000 },
    )
    .toContain(text);
}

const pageScroll = () => page.evaluate(() => Math.round(window.scrollY));

beforeAll(async () => {
  stack = await startWebStack(
    { 'shop.example': { '/': SHOP } },
    {
      models: {
        scenario: { name: 'placeholder', turns: [{ steps: [{ text: 'unused' }] }] },
        scenarios: [
          {
            name: 'ask-scroll',
            turns: [
              scrollCall('call_ask'),
              { steps: [{ text: 'Switch to Act mode to let me do that.' }] },
            ],
          },
          {
            name: 'act-scroll',
            turns: [scrollCall('call_act'), { steps: [{ text: 'I scrolled down one screen.' }] }],
          },
        ],
      },
    },
  );
  ({ models, proxy, browser } = stack);
  page = await browser.open('shop.example');
  await page.setViewportSize({ width: 800, height: 500 });
  await browser.injectBridge(page);
  tabId = await browser.tabIdOf(page);
  await openPanel();
  await useModel('ask-scroll');
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('agent modes on a web page', () => {
  it('shows the mode control in Ask by default, without the Typst edit control', async () => {
    expect(await checkedMode()).toBe('ask');
    expect(await panel.getByTestId('agent-mode-hint').textContent()).toBe(
      'Ask: Reads the page and answers; never clicks or types.',
    );
    expect(await panel.getByTestId('edit-mode').count()).toBe(0);
    expect(await panel.getByRole('radiogroup', { name: 'Mode' }).count()).toBe(1);
  });

  it('switches to Act from the keyboard and keeps Act for the chat after the panel is reopened', async () => {
    await panel.getByTestId('agent-mode-ask').focus();
    await panel.keyboard.press('ArrowRight');
    await expect.poll(checkedMode).toBe('act');
    expect(await panel.getByTestId('agent-mode-hint').textContent()).toMatch(/^Act: /);
    // The worker stored it with the chat.
    await expect
      .poll(async () => {
        const [latest] = (await request({
          type: 'session/list',
          payload: { scope: { siteId: 'web', projectId: ORIGIN } },
        })) as { agentMode?: string }[];
        return latest?.agentMode;
      })
      .toBe('act');
    await panel.close();
    await openPanel();
    expect(await checkedMode()).toBe('act');
  });

  it('refuses an Act-only tool in Ask mode whatever the model sends, and says so in plain words', async () => {
    await panel.getByTestId('agent-mode-ask').check();
    await expect.poll(checkedMode).toBe('ask');
    await send('Scroll down to the reviews.');
    await answerContains('Switch to Act mode to let me do that.');
    const card = lastAnswer().getByTestId('tool-card');
    expect(await card.getByTestId('tool-status').textContent()).toBe('Not done');
    expect(await card.getByTestId('tool-refusal').textContent()).toBe(
      'This chat is in Ask mode, where the agent only reads the page. To let it do this, choose Act under the message box.',
    );
    // The code is behind Details, not in the line the person reads.
    expect(await card.getByTestId('tool-error-code').isVisible()).toBe(false);
    await card.locator('summary').click();
    expect(await card.getByTestId('tool-error-code').textContent()).toBe('TOOL_NOT_IN_MODE');
    // The model was not offered the tool, and got the refusal as a structured result.
    const [first, second] = models.requests.filter(
      (recorded) => recorded.body?.model === 'ask-scroll',
    );
    const offered = ((first?.body.tools ?? []) as { function: { name: string } }[]).map(
      (tool) => tool.function.name,
    );
    expect(offered).not.toContain('scroll_page');
    const toolMessage = (second?.body.messages as { role: string; content: string }[]).find(
      (message) => message.role === 'tool',
    );
    expect(JSON.parse(toolMessage?.content ?? '{}')).toMatchObject({
      ok: false,
      code: 'TOOL_NOT_IN_MODE',
    });
    expect(await pageScroll()).toBe(0);
    // A web page has no document to snapshot, so the run warns about none.
    expect(await lastAnswer().textContent()).not.toContain('snapshot');
  });

  it('runs the same tool in Act mode, in a new chat that starts in Ask', async () => {
    await useModel('act-scroll');
    await request({
      type: 'session/create',
      payload: { scope: { siteId: 'web', projectId: ORIGIN } },
    });
    await panel.close();
    await openPanel();
    expect(await checkedMode()).toBe('ask');
    await panel.getByTestId('agent-mode-act').check();
    await expect.poll(checkedMode).toBe('act');
    await send('Scroll down to the reviews.');
    await answerContains('I scrolled down one screen.');
    expect(await lastAnswer().getByTestId('tool-status').textContent()).toBe('Done');
    expect(await pageScroll()).toBeGreaterThan(300);
    const [first] = models.requests.filter((recorded) => recorded.body?.model === 'act-scroll');
    const offered = ((first?.body.tools ?? []) as { function: { name: string } }[]).map(
      (tool) => tool.function.name,
    );
    expect(offered).toContain('scroll_page');
  });
});
