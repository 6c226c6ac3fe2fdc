// Site guides (site adapters) through the built extension in real Chromium, read back
// from the scripted model server: a chat sent from the real panel on github.com (served
// locally) carries GitHub's guide in its first model request, labelled and apart from
// the system prompt; a run on a site without a guide carries none; turning guides off
// in Settings → Site guides (all, or GitHub's alone) removes it; and a run whose tab
// moves to gitlab.com gets GitLab's guide in a later request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ModelServer } from '../support/model-server/model-server.mjs';
import type { CorsProxy } from '../support/cors-proxy';
import type { WebBrowser } from '../support/web-browser';
import { startWebStack, type WebStack } from '../support/web-stack';
import {
  activateModel,
  panelRequest,
  saveScriptedModels,
  sendFromComposer,
} from '../support/panel-page';
import { collectPanelEvents, createRunDriver } from '../support/run-driver';
import { runRequests, runTools } from '../support/tool-runs';

const GITHUB = 'github.com';
const GITLAB = 'gitlab.com';
const SHOP = 'shop.example';
const GUIDE_LABEL = '[Side Agent site guide';

let stack: WebStack;
let browser: WebBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let repo: Page;
let shop: Page;
let panel: Page;
let repoTab: number;
let modelIds: Record<string, string>;

type Body = { messages: { role: string; content: unknown }[] };

/** The text of every user message part of a request, in order. */
const userTexts = (body: Body): string[] =>
  body.messages
    .filter((message) => message.role === 'user')
    .flatMap((message) =>
      typeof message.content === 'string'
        ? [message.content]
        : (message.content as { type: string; text?: string }[]).flatMap((part) =>
            part.type === 'text' && part.text !== undefined ? [part.text] : [],
          ),
    );
const guidesIn = (body: Body) => userTexts(body).filter((text) => text.includes(GUIDE_LABEL));
const systemOf = (body: Body) =>
  String(body.messages.find((message) => message.role === 'system')?.content ?? '');

/** The run requests (ones offering tools) sent since `start`, once there are `count`. */
async function requestsSince(start: number, count = 1): Promise<Body[]> {
  await expect
    .poll(() => runRequests(models, start).length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(count);
  return runRequests(models, start).map((request) => request.body as Body);
}

beforeAll(async () => {
  stack = await startWebStack(
    {
      [GITHUB]: {
        '/owner/repo': `<!doctype html><title>owner/repo</title><h1>owner/repo</h1>
<a href="https://${GITLAB}/group/project">Mirror on GitLab</a>`,
      },
      [GITLAB]: { '/group/project': '<!doctype html><title>project</title><h1>project</h1>' },
      [SHOP]: { '/': '<!doctype html><title>Shop</title><h1>Garden shop</h1>' },
    },
    {
      models: {
        scenario: { name: 'placeholder', turns: [{ steps: [{ text: 'unused' }] }] },
        scenarios: [
          { name: 'guide-answer', turns: [{ steps: [{ text: 'Done.' }] }], repeatLastTurn: true },
        ],
      },
    },
  );
  ({ models, proxy, browser } = stack);
  shop = await browser.open(SHOP);
  await browser.injectBridge(shop);
  repo = await browser.open(GITHUB, '/owner/repo');
  await browser.injectBridge(repo, [GITLAB]);
  repoTab = await browser.tabIdOf(repo);
  panel = await browser.openPanelTab(repoTab);
  modelIds = await saveScriptedModels(panel, proxy.baseUrl, [
    { modelId: 'guide-answer' },
    { modelId: 'scripted-model' },
  ]);
  await activateModel(panel, modelIds['guide-answer']!);
  await collectPanelEvents(panel);
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('site guides in web runs', () => {
  it("sends GitHub's guide, labelled, in the first request of a chat sent on github.com", async () => {
    const start = models.requests.length;
    await sendFromComposer(panel, 'What is this repository?');
    const [first] = await requestsSince(start);
    const guides = guidesIn(first!);
    expect(guides).toHaveLength(1);
    expect(guides[0]).toMatch(/^\[Side Agent site guide: GitHub \(adapter "github"\)\]\n/);
    expect(guides[0]).toContain('Pull requests');
    expect(guides[0]).toContain('not text from the page or the person');
    // The person's words come after the guide, in the same message.
    const message = userTexts(first!).at(-1) ?? '';
    expect(message.endsWith('What is this repository?')).toBe(true);
    expect(message.indexOf(GUIDE_LABEL)).toBeLessThan(message.indexOf('What is this repository?'));
    expect(systemOf(first!)).not.toContain(GUIDE_LABEL);
  });

  it('sends no guide on a site without one', async () => {
    const driver = createRunDriver(panel, {
      tabId: await browser.tabIdOf(shop),
      scope: { siteId: 'web', projectId: `https://${SHOP}` },
      baseUrl: proxy.baseUrl,
    });
    const start = models.requests.length;
    const { runId } = await driver.start(modelIds['guide-answer']!, 'What is sold here?');
    await driver.waitForEnd(runId);
    const [first] = await requestsSince(start);
    expect(userTexts(first!).at(-1)).toContain('What is sold here?');
    expect(JSON.stringify(first)).not.toContain(GUIDE_LABEL);
  });

  it("sends none once the person turns site guides off in Settings, or only GitHub's", async () => {
    await panel.getByTestId('settings-toggle').click();
    await panel.getByRole('tab', { name: 'Site guides' }).click();
    const tab = panel.getByRole('tabpanel');
    await expect
      .poll(() => tab.getByTestId('guides-list').locator('li').count())
      .toBeGreaterThanOrEqual(25);
    await tab.getByLabel('Use site guides in web chats').uncheck();
    await tab.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => tab.getByRole('status').last().textContent()).toBe('Saved.');
    await panel.getByTestId('settings-toggle').click();

    const start = models.requests.length;
    await sendFromComposer(panel, 'And now?');
    const [first] = await requestsSince(start);
    expect(userTexts(first!).at(-1)).toContain('And now?');
    expect(JSON.stringify(first)).not.toContain(GUIDE_LABEL);

    // All on again, but GitHub's guide alone switched off.
    await panel.getByTestId('settings-toggle').click();
    await panel.getByRole('tab', { name: 'Site guides' }).click();
    await tab.getByTestId('guides-list').waitFor();
    await tab.getByLabel('Use site guides in web chats').check();
    await tab.locator('[data-guide="github"] input').uncheck();
    await tab.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => tab.getByRole('status').last().textContent()).toBe('Saved.');
    await panel.getByTestId('settings-toggle').click();
    const again = models.requests.length;
    await sendFromComposer(panel, 'Without the GitHub guide?');
    const [next] = await requestsSince(again);
    expect(userTexts(next!).at(-1)).toContain('Without the GitHub guide?');
    expect(JSON.stringify(next)).not.toContain(GUIDE_LABEL);

    await panelRequest(panel, {
      type: 'settings/save-general',
      payload: { patch: { siteGuidesEnabled: true, siteGuidesOff: [] } },
    });
  });

  it('fits Settings → Site guides at 320 and 600 px, light and dark, without sideways scrolling', async () => {
    await panel.getByTestId('settings-toggle').click();
    await panel.getByRole('tab', { name: 'Site guides' }).click();
    const list = panel.getByTestId('guides-list');
    await list.waitFor();
    for (const width of [320, 600]) {
      await panel.setViewportSize({ width, height: 700 });
      for (const colorScheme of ['light', 'dark'] as const) {
        await panel.emulateMedia({ colorScheme });
        if (process.env['GUIDES_SHOTS'])
          await panel.screenshot({
            path: `${process.env['GUIDES_SHOTS']}/guides-${width}-${colorScheme}.png`,
          });
        const overflow = await panel.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${width} ${colorScheme}`).toBeLessThanOrEqual(0);
      }
    }
    // Keyboard: the switch and the first guide are reachable with Tab.
    await panel.getByLabel('Use site guides in web chats').focus();
    await panel.keyboard.press('Tab');
    const focused = await panel.evaluate(() =>
      document.activeElement?.closest('[data-guide]')?.getAttribute('data-guide'),
    );
    expect(focused).toBe('airbnb');
    await panel.emulateMedia({ colorScheme: 'light' });
    await panel.getByTestId('settings-toggle').click();
  });

  it("brings GitLab's guide into a later request after the run's tab moved to gitlab.com", async () => {
    const driver = createRunDriver(panel, {
      tabId: repoTab,
      scope: { siteId: 'web', projectId: `https://${GITHUB}` },
      baseUrl: proxy.baseUrl,
    });
    const start = models.requests.length;
    const outcome = await runTools(
      { driver, models, modelId: modelIds['scripted-model']! },
      [
        {
          name: 'navigate',
          arguments: { url: `https://${GITLAB}/group/project` },
          onPending: async () => 'allow-run',
        },
      ],
      { agentMode: 'act' },
    );
    expect(outcome.end.payload['status']).toBe('done');
    expect(repo.url()).toBe(`https://${GITLAB}/group/project`);
    const [first, second] = await requestsSince(start, 2);
    expect(guidesIn(first!).map((text) => text.split('\n')[0])).toEqual([
      '[Side Agent site guide: GitHub (adapter "github")]',
    ]);
    expect(guidesIn(second!).map((text) => text.split('\n')[0])).toEqual([
      '[Side Agent site guide: GitHub (adapter "github")]',
      '[Side Agent site guide: the tab is now on GitLab (adapter "gitlab"); the guide for GitHub no longer applies]',
    ]);
    expect(guidesIn(second!)[1]).toContain('merge request');
  });
});
