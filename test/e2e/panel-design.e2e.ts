// The panel's look in real Chromium, where the extension-page stylesheet applies:
// text sizes come from the type tokens (not Chromium's `body { font-size: 75% }`),
// the header is one row at 320, 360 and 600 px, nothing scrolls sideways, every
// popover stays inside the panel at 320 px, and Escape closes Settings. A typst.app
// project tab (fixture page) with the scripted model gives the chat a tool card.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchExtensionBrowser, type ExtensionBrowser } from '../support/extension-browser';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { startHttpsSite, type HttpsSite } from '../support/https-site';
import { codemirrorBundle, editorPageHtml } from '../support/fixture-pages';

let harness: ExtensionBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let site: HttpsSite;
let panel: Page;

async function request(message: Record<string, unknown>): Promise<any> {
  const response = (await panel.evaluate(
    (envelope) => chrome.runtime.sendMessage({ requestId: crypto.randomUUID(), ...envelope }),
    message,
  )) as { ok: boolean; data: unknown; error?: unknown };
  if (!response.ok) throw new Error(JSON.stringify(response.error));
  return response.data;
}

const fontSize = (selector: string) =>
  panel
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).fontSize);

/** Whether anything in the panel is wider than the viewport. */
const overflow = () =>
  panel.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth,
  }));

/** The element's box against the viewport. */
const boxInViewport = (selector: string) =>
  panel.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      isInside:
        box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight,
      top: Math.round(box.top),
      bottom: Math.round(box.bottom),
      box: [box.left, box.top, box.right, box.bottom].map(Math.round),
      viewport: [innerWidth, innerHeight],
    };
  });

beforeAll(async () => {
  const script = await codemirrorBundle();
  site = await startHttpsSite((url) => {
    if (url.pathname === '/__fixture/codemirror.js')
      return { type: 'text/javascript', body: script };
    if (url.pathname.startsWith('/project/'))
      return {
        type: 'text/html',
        body: editorPageHtml({
          project: 'Design',
          path: 'main.typ',
          text: '= Design\n'.repeat(12),
        }),
      };
    return undefined;
  });
  models = await startModelServer({ scenario: 'basic-tool-loop' });
  proxy = await startCorsProxy(models.port);
  harness = await launchExtensionBrowser({
    typstPort: site.port,
    hostRules: ['EXCLUDE 127.0.0.1'],
  });
  await harness.waitForStartup();
  const project = await harness.context.newPage();
  await project.goto('https://typst.app/project/design-project');
  await project.waitForFunction(
    () => document.documentElement.dataset['sideAgentBridge'] === 'connected',
    null,
    { timeout: 15_000 },
  );
  panel = await harness.openPanelTab(await harness.tabIdOf(project));
  const view = await request({
    type: 'settings/save-model',
    payload: {
      model: {
        name: 'Scripted model with a long name',
        kind: 'openai-compatible',
        baseUrl: proxy.baseUrl,
        modelId: 'scripted-model',
        supportsVision: false,
        reasoningEffort: 'default',
        contextWindow: 32_768,
        insecureOriginAcknowledged: null,
        apiKey: '',
      },
    },
  });
  await request({
    type: 'settings/save-general',
    payload: { patch: { activeModelId: view.models[0].id } },
  });
  await panel.reload();
  const input = panel.getByTestId('composer-input');
  await panel.waitForFunction(
    () =>
      document.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')?.disabled ===
      false,
    null,
    { timeout: 15_000 },
  );
  await input.fill('How many lines does the document have? Count them for me please.');
  await input.press('Enter');
  await panel.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-testid="assistant-turn"]')]
        .at(-1)
        ?.textContent?.includes('12 lines'),
    null,
    { timeout: 30_000 },
  );
}, 120_000);

afterAll(async () => {
  await harness?.close();
  await proxy?.close();
  await models?.close();
  await site?.close();
});

describe('panel design in real Chromium', () => {
  it('draws prose, composer and buttons at the body size and tool names at the meta size', async () => {
    await panel.setViewportSize({ width: 400, height: 720 });
    expect(await fontSize('body')).toBe('14px');
    expect(await fontSize('[data-testid="user-turn"] .turn-text')).toBe('14px');
    expect(await fontSize('[data-testid="assistant-turn"] .stream-text p')).toBe('14px');
    expect(await fontSize('[data-testid="composer-input"]')).toBe('14px');
    expect(await fontSize('[data-testid="add-button"]')).toBe('14px');
    expect(await fontSize('[data-testid="new-chat"]')).toBe('14px');
    expect(await fontSize('[data-testid="chat-title"]')).toBe('15px');
    expect(await fontSize('[data-testid="tool-card"] .tool-name')).toBe('12px');
    expect(await fontSize('[data-testid="regenerate"]')).toBe('12px');
  });

  it('names the chat after its first message while no name was given', async () => {
    await expect
      .poll(() => panel.getByTestId('chat-title').textContent())
      .toBe('How many lines does the document have? Count…');
    expect(await panel.getByTestId('chat-title').getAttribute('title')).toContain(
      'How many lines does the document have? Count…',
    );
  });

  for (const width of [320, 360, 600]) {
    it(`keeps the header on one row and nothing wider than the panel at ${width} px`, async () => {
      await panel.setViewportSize({ width, height: 720 });
      const header = await panel.getByTestId('panel-header').evaluate((element) => {
        const box = element.getBoundingClientRect();
        // The chat history's list is a closed popover here: it has no box.
        const children = [...element.querySelectorAll('button, select, h1')]
          .map((child) => child.getBoundingClientRect())
          .filter((child) => child.width > 0);
        return {
          height: box.height,
          rowHeight: parseFloat(getComputedStyle(element).height),
          isOneRow: children.every(
            (child) => child.top >= box.top - 0.5 && child.bottom <= box.bottom + 0.5,
          ),
          right: Math.max(...children.map((child) => child.right)),
          count: children.length,
        };
      });
      expect(header.height).toBe(36);
      expect(header.isOneRow).toBe(true);
      expect(header.count).toBeGreaterThanOrEqual(5);
      expect(header.right).toBeLessThanOrEqual(width);
      const { scrollWidth, innerWidth } = await overflow();
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    });
  }

  it('keeps the chat history, its delete button and the + Add menu inside a 320 px panel', async () => {
    await panel.setViewportSize({ width: 320, height: 720 });
    await panel.getByTestId('header-new-chat').click();
    await panel.getByTestId('session-menu-button').click();
    await expect.poll(() => panel.getByTestId('chat-row').count()).toBe(2);
    const menu = await boxInViewport('[data-testid="session-menu"]');
    expect(menu, JSON.stringify(menu)).toMatchObject({ isInside: true });
    // Anchored under its button, not merely somewhere on screen.
    const trigger = await boxInViewport('[data-testid="session-menu-button"]');
    expect(menu.top).toBeGreaterThanOrEqual(trigger.bottom);
    expect(menu.top - trigger.bottom).toBeLessThanOrEqual(8);
    const remove = await boxInViewport(
      '[data-testid="chat-row"] >> nth=0 >> [aria-label^="Delete chat"]',
    );
    expect(remove.isInside).toBe(true);
    expect((await overflow()).scrollWidth).toBeLessThanOrEqual(320);
    await panel.keyboard.press('Escape');
    await expect
      .poll(() => panel.getByTestId('session-menu-button').getAttribute('aria-expanded'))
      .toBe('false');

    await panel.getByTestId('add-button').click();
    const add = await boxInViewport('[data-testid="add-menu"]');
    expect(add, JSON.stringify(add)).toMatchObject({ isInside: true });
    // Above the + Add button, where the composer leaves room.
    const addButton = await boxInViewport('[data-testid="add-button"]');
    expect(add.bottom).toBeLessThanOrEqual(addButton.top);
    expect(addButton.top - add.bottom).toBeLessThanOrEqual(8);
    expect((await overflow()).scrollWidth).toBeLessThanOrEqual(320);
    await panel.mouse.click(160, 200);
    await expect.poll(() => panel.getByTestId('add-menu').count()).toBe(0);
  });

  it('opens every Settings tab at 320 px without sideways scroll, and Escape closes Settings', async () => {
    await panel.setViewportSize({ width: 320, height: 720 });
    await panel.getByTestId('settings-toggle').click();
    const tabs = panel.getByRole('tab');
    const count = await tabs.count();
    expect(count).toBeGreaterThanOrEqual(5);
    for (let index = 0; index < count; index += 1) {
      await tabs.nth(index).click();
      const { scrollWidth, innerWidth } = await overflow();
      expect(scrollWidth, (await tabs.nth(index).textContent()) ?? '').toBeLessThanOrEqual(
        innerWidth,
      );
    }
    expect(await panel.getByRole('button', { name: /close/i }).count()).toBe(1);
    await panel.getByRole('tab', { name: 'General' }).focus();
    await panel.keyboard.press('Escape');
    await expect.poll(() => panel.getByRole('tablist').count()).toBe(0);
    expect(await panel.getByTestId('settings-toggle').getAttribute('aria-label')).toBe(
      'Open settings',
    );
  });

  it('keeps the Settings tabs on one line at 320 px, with the hidden ones a click or a key away', async () => {
    await panel.setViewportSize({ width: 320, height: 720 });
    await panel.getByTestId('settings-toggle').click();
    const list = panel.getByRole('tablist', { name: 'Settings sections' });
    const tabs = list.getByRole('tab');
    const tops = new Set(
      await tabs.evaluateAll((all) =>
        all.map((tab) => Math.round(tab.getBoundingClientRect().top)),
      ),
    );
    expect(tops.size).toBe(1);
    const last = tabs.last();
    const inStrip = () =>
      last.evaluate((tab) => {
        const strip = tab.closest('[role="tablist"]')!.getBoundingClientRect();
        const box = tab.getBoundingClientRect();
        return box.left >= strip.left - 1 && box.right <= strip.right + 1;
      });
    expect(await inStrip()).toBe(false);
    expect(await panel.getByRole('button', { name: 'Show earlier sections' }).count()).toBe(0);
    // The end button pages along until the last section shows.
    const more = panel.getByRole('button', { name: 'Show more sections' });
    for (let tries = 0; tries < 10 && (await more.count()) > 0; tries += 1) {
      await more.click();
      await panel.waitForTimeout(400);
    }
    await expect.poll(inStrip).toBe(true);
    expect(await panel.getByRole('button', { name: 'Show earlier sections' }).count()).toBe(1);
    // From the keyboard: Home selects the first tab and scrolls it back into view.
    await last.focus();
    await panel.keyboard.press('Home');
    const first = tabs.first();
    expect(await first.getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() =>
        first.evaluate(
          (tab) =>
            tab.getBoundingClientRect().left >=
            tab.closest('[role="tablist"]')!.getBoundingClientRect().left - 1,
        ),
      )
      .toBe(true);
    // A tab selected in a wide panel still shows once the panel narrows.
    await panel.setViewportSize({ width: 600, height: 720 });
    const tools = list.getByRole('tab', { name: 'Tools' });
    await tools.click();
    await panel.setViewportSize({ width: 320, height: 720 });
    await expect
      .poll(() =>
        tools.evaluate(
          (tab) =>
            tab.getBoundingClientRect().right <=
            tab.closest('[role="tablist"]')!.getBoundingClientRect().right + 1,
        ),
      )
      .toBe(true);
    await panel.keyboard.press('Escape');
    await expect.poll(() => panel.getByRole('tablist').count()).toBe(0);
  });

  it("scales with the browser's font size and drops transitions under reduced motion", async () => {
    // Last in the file: the font size setting is the browser's, not the page's.
    const cdp = await panel.context().newCDPSession(panel);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 20 } });
    try {
      await expect.poll(() => fontSize('body')).toBe('17.5px');
      expect(await fontSize('[data-testid="composer-input"]')).toBe('17.5px');
      expect(await fontSize('.shortcuts')).toBe('13.75px');
    } finally {
      await cdp.send('Page.setFontSizes', { fontSizes: { standard: 16 } });
    }
    await expect.poll(() => fontSize('body')).toBe('14px');
    const transition = () =>
      panel
        .getByTestId('settings-toggle')
        .evaluate((element) => getComputedStyle(element).transitionDuration);
    expect(await transition()).not.toMatch(/^0s(, 0s)*$/);
    await panel.emulateMedia({ reducedMotion: 'reduce' });
    expect(await transition()).toMatch(/^0s(, 0s)*$/);
    await panel.emulateMedia({ reducedMotion: null });
  });
});
