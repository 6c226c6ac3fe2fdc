// The newer action tools and guards through the built extension in real Chromium:
// each call is one turn of a scripted model in a real run (argument checks, the
// approval policy, the run's page guard), and every page judges by its own state:
// wait_for_element sees an element that appears later, scroll_page by ref moves an
// inner list and not the page, drag reorders a pointer-sorted list and an HTML5 drag
// and drop list, done is held back while a dialog is open and passes once it is
// closed, and a second click on the same Save button within 45 s asks first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchWebBrowser, type WebBrowser } from '../support/web-browser';
import { startWebPages, type WebPages } from '../support/web-pages';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { collectPanelEvents, createRunDriver, type RunDriver } from '../support/run-driver';
import { runTools, type ToolResult } from '../support/tool-runs';
import { MORE_ACTION_PAGES } from '../support/web-fixtures/more-action-pages';

const HOST = 'tasks.example';

let pages: WebPages;
let browser: WebBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let tab: Page;
let driver: RunDriver;
let modelId: string;

beforeAll(async () => {
  pages = await startWebPages({ [HOST]: MORE_ACTION_PAGES });
  models = await startModelServer({ scenario: 'basic-tool-loop' });
  proxy = await startCorsProxy(models.port);
  browser = await launchWebBrowser(pages, { hostRules: ['EXCLUDE 127.0.0.1'] });
  tab = await browser.open(HOST, '/wait');
  await browser.injectBridge(tab);
  const tabId = await browser.tabIdOf(tab);
  const panel = await browser.openPanelTab(tabId);
  await collectPanelEvents(panel);
  driver = createRunDriver(panel, {
    tabId,
    scope: { siteId: 'web', projectId: `https://${HOST}` },
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

const context = () => ({ driver, models, modelId });
const act = { agentMode: 'act' } as const;

/** Shows `pathname` in the run's tab; the relay of the allowed site loads with it. */
async function show(pathname: string): Promise<void> {
  await tab.goto(pages.url(HOST, pathname), { waitUntil: 'load' });
  await tab.waitForFunction(() => document.documentElement.dataset['sideAgentBridge']);
}

/** The page's tree as the product sent it to the model. */
async function tree(): Promise<string> {
  const look = await runTools(context(), [{ name: 'get_accessibility_tree', arguments: {} }], act);
  const observed = look.results[0] as {
    result?: { untrusted_page_content?: { content?: { tree?: string } } };
  };
  return observed.result?.untrusted_page_content?.content?.tree ?? '';
}

/** The ref the tree text gives the element with this role and name (or text it shows). */
function refIn(text: string, role: string, name: string): string {
  const quoted = JSON.stringify(name);
  const line = text.split('\n').find((entry) => {
    const trimmed = entry.trimStart();
    return (
      trimmed.startsWith(`${role} ${quoted} [`) ||
      (trimmed.startsWith(`${role} [`) && trimmed.endsWith(`]: ${quoted}`))
    );
  });
  const ref = line && /\[((?:f\d+:)?e\d+)\]/.exec(line)?.[1];
  if (!ref) throw new Error(`no ${role} "${name}" in the tree:\n${text}`);
  return ref;
}

const codes = (results: ToolResult[]) => results.map((result) => result.code ?? 'ok');

describe('wait_for_element', () => {
  it('sees an element that appears later and returns its ref', async () => {
    await show('/wait');
    const started = Date.now();
    const outcome = await runTools(
      context(),
      [{ name: 'wait_for_element', arguments: { role: 'status', name: 'Results ready' } }],
      act,
    );
    expect(codes(outcome.results)).toEqual(['ok']);
    expect(JSON.stringify(outcome.results[0])).toMatch(/"ref":"e\d+"/);
    expect(await tab.evaluate(() => document.body.dataset['shownAt'])).toBeTruthy();
    expect(Date.now() - started).toBeGreaterThan(1_000);
  });
});

describe('scroll_page by ref', () => {
  it('moves the inner list that holds the element, not the page', async () => {
    await show('/scroll');
    const ref = refIn(await tree(), 'listitem', 'Result 3');
    const outcome = await runTools(
      context(),
      [{ name: 'scroll_page', arguments: { direction: 'down', ref } }],
      act,
    );
    expect(codes(outcome.results)).toEqual(['ok']);
    const { list, page } = await tab.evaluate(() => ({
      list: document.getElementById('results')!.scrollTop,
      page: window.scrollY,
    }));
    expect(list).toBeGreaterThan(100);
    expect(page).toBe(0);
    expect(JSON.stringify(outcome.results[0])).toContain(`"moved_px":${Math.round(list)}`);
  });
});

describe('drag', () => {
  it('reorders a pointer-sorted list and an HTML5 drag and drop list, by the page\u2019s own order', async () => {
    await show('/drag');
    const text = await tree();
    const outcome = await runTools(
      context(),
      [
        {
          name: 'drag',
          arguments: {
            from: refIn(text, 'listitem', 'Pointer Alpha'),
            to: refIn(text, 'listitem', 'Pointer Gamma'),
          },
        },
        {
          name: 'drag',
          arguments: {
            from: refIn(text, 'listitem', 'Native Alpha'),
            to: refIn(text, 'listitem', 'Native Gamma'),
          },
        },
      ],
      act,
    );
    expect(codes(outcome.results)).toEqual(['ok', 'ok']);
    const order = await tab.evaluate(() => ({
      pointer: document.getElementById('pointer')!.dataset['order'],
      native: document.getElementById('native')!.dataset['order'],
    }));
    expect(order).toEqual({ pointer: 'Beta,Gamma,Alpha', native: 'Beta,Gamma,Alpha' });
    expect(JSON.stringify(outcome.results[1])).toContain('HTML5');
  });
});

describe('done', () => {
  it('is held back while a dialog is open, and passes once it is closed', async () => {
    await show('/done');
    const close = refIn(await tree(), 'button', 'Close');
    const outcome = await runTools(
      context(),
      [
        { name: 'done', arguments: { summary: 'Created the task.', outcome: 'success' } },
        { name: 'click', arguments: { ref: close } },
        { name: 'done', arguments: { summary: 'Created the task.', outcome: 'success' } },
      ],
      act,
    );
    expect(codes(outcome.results)).toEqual(['DONE_UNVERIFIED', 'ok', 'ok']);
    expect(JSON.stringify(outcome.results[0])).toContain('dialog');
    expect(outcome.results[2]).toMatchObject({ ok: true });
    expect(await tab.evaluate(() => document.querySelector('dialog')?.open)).toBe(false);
  });
});

describe('the duplicate-submit guard', () => {
  it('asks before a second click on the same Save button within 45 s, and a denial keeps one save', async () => {
    await show('/save');
    const save = refIn(await tree(), 'button', 'Save');
    const cards: Record<string, unknown>[] = [];
    const outcome = await runTools(
      context(),
      [
        { name: 'click', arguments: { ref: save } },
        {
          name: 'click',
          arguments: { ref: save },
          onPending: async (pending) => {
            cards.push(pending);
            return 'deny';
          },
        },
      ],
      act,
    );
    expect(codes(outcome.results)).toEqual(['ok', 'TOOL_DENIED']);
    expect(cards).toMatchObject([
      {
        kind: 'action-approval',
        name: 'click',
        effect: `Click 'Save' on ${HOST}`,
        reason: expect.stringMatching(/pressed on this page \d+ s ago/),
        allowRun: false,
      },
    ]);
    expect(await tab.evaluate(() => document.body.dataset['saves'])).toBe('1');
  });
});
