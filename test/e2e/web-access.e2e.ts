// Site access in real Chromium, headless: nothing runs on a site before the person
// allows it; "Always allow" in the panel puts the bridge on the site and the worker
// reads the page through it; Settings → Sites lists and revokes; the toolbar button's
// click gives "Only now", which ends when the tab leaves the site; restricted pages get
// a plain-words card. The browser's permission prompt never settles headless, so this
// copy of the build holds the test hosts as host permissions (as if the prompt had been
// accepted, see test/support/web-browser.ts); the prompt itself is web-access-prompt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchWebBrowser, type WebBrowser } from '../support/web-browser';
import { startWebPages, type WebPages } from '../support/web-pages';

let pages: WebPages;
let browser: WebBrowser;

const STORY =
  '<!doctype html><title>Morning news</title><h1>Rain expected</h1><p>Bring a coat.</p>';

beforeAll(async () => {
  pages = await startWebPages({
    'news.example': { '/': STORY, '/later': '<!doctype html><title>Later</title><p>Later.</p>' },
    'shop.example': {
      '/': '<!doctype html><title>Shop</title><p>Shoes.</p>',
      '/more': '<!doctype html><title>More shoes</title><p>Boots.</p>',
    },
    'other.example': { '/': '<!doctype html><title>Other</title><p>Other.</p>' },
  });
  browser = await launchWebBrowser(pages);
});

afterAll(async () => {
  await browser?.close();
  await pages?.close();
});

const bridgeOf = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset['sideAgentBridge'] ?? null);

/** A panel -> worker request from an extension page, as the panel sends it. */
async function ask(panel: Page, type: string, payload: unknown) {
  return panel.evaluate(
    ([method, body]) =>
      chrome.runtime.sendMessage({ type: method, requestId: crypto.randomUUID(), payload: body }),
    [type, payload] as const,
  ) as Promise<{ ok: boolean; data?: Record<string, unknown>; error?: { code: string } }>;
}

/** The toolbar button clicked on `page`'s tab (the action's own click, over CDP). */
async function clickToolbarButton(browser: WebBrowser, page: Page) {
  // The action runs on a tab target, the wrapper Chromium keeps around each page.
  const { targetInfos } = (await browser.cdp.send('Target.getTargets', {
    filter: [{ type: 'tab' }],
  } as never)) as { targetInfos: { targetId: string; type: string; url: string }[] };
  const tab = targetInfos.find((info) => info.type === 'tab' && info.url === page.url());
  if (!tab) throw new Error(`No tab target shows ${page.url()}`);
  // A person clicks the button while looking at the page: the action acts on the
  // window's active tab.
  await page.bringToFront();
  await browser.cdp.send(
    'Extensions.triggerAction' as 'Browser.getVersion',
    { id: browser.extensionId, targetId: tab.targetId } as never,
  );
}

async function openSitesTab(panel: Page) {
  await panel.getByTestId('settings-toggle').click();
  await panel.getByRole('tab', { name: 'Sites' }).click();
}

describe('site access', () => {
  it('reads nothing before a grant; Always allow puts the bridge there; revoke takes it away', async () => {
    const page = await browser.open('news.example');
    const tabId = await browser.tabIdOf(page);
    const panel = await browser.openPanelTab(tabId);
    const card = panel.getByTestId('grant-card');
    await card.waitFor();
    expect(await card.getByRole('heading').textContent()).toBe('Allow Side Agent on news.example');
    expect(await card.textContent()).toContain('works only on the sites you allow here');
    // Nothing is in the page, and the worker refuses to read it.
    expect(await bridgeOf(page)).toBeNull();
    expect(await ask(panel, 'page/get-context', { tabId })).toMatchObject({
      ok: false,
      error: { code: 'PAGE_NOT_GRANTED' },
    });
    // The card takes the chat's place: there is nothing to type into.
    expect(await panel.getByTestId('composer-input').count()).toBe(0);

    await panel.getByTestId('grant-always').click();
    await card.waitFor({ state: 'detached' });
    await panel.getByTestId('composer-input').waitFor();
    await expect.poll(() => bridgeOf(page), { timeout: 10_000 }).toBe('connected');
    // Read through the bridge the product put there.
    const context = await ask(panel, 'page/get-context', { tabId });
    expect(context).toMatchObject({ ok: true, data: { title: 'Morning news' } });
    // A new page of the site gets the bridge from the registration, at document start.
    await page.goto(pages.url('news.example', '/later'));
    await expect.poll(() => bridgeOf(page), { timeout: 10_000 }).toBe('connected');
    // Another site is still untouched.
    const shop = await browser.open('shop.example');
    expect(await bridgeOf(shop)).toBeNull();

    await openSitesTab(panel);
    const row = panel.locator('[data-testid="sites-list"] li[data-host="news.example"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('Always');
    await row.getByTestId('site-revoke').click();
    await panel.getByTestId('sites-empty').waitFor();
    expect(await ask(panel, 'page/get-context', { tabId })).toMatchObject({
      error: { code: 'PAGE_NOT_GRANTED' },
    });
    await page.reload();
    await page.waitForTimeout(300);
    expect(await bridgeOf(page)).toBeNull();
    await panel.close();
    await shop.close();
    await page.close();
  });

  it('"Only now" rides on the toolbar click alone and ends when the tab goes to another site', async () => {
    // A build without any test host: only the click's temporary access lets it in.
    const bare = await launchWebBrowser(pages, { granted: [] });
    try {
      const page = await bare.open('shop.example');
      const tabId = await bare.tabIdOf(page);
      const panel = await bare.openPanelTab(tabId);
      const once = panel.getByTestId('grant-once');
      await once.waitFor();
      expect(await once.isEnabled()).toBe(false);
      await clickToolbarButton(bare, page);
      await expect.poll(() => once.isEnabled(), { timeout: 10_000 }).toBe(true);
      // The click also opened the real side panel (the worker's own onClicked handler).
      await expect
        .poll(async () => {
          const { targetInfos } = (await bare.cdp.send('Target.getTargets')) as {
            targetInfos: { type: string; url: string }[];
          };
          return targetInfos.some((info) => info.url === `${bare.origin}/sidepanel.html`);
        })
        .toBe(true);
      await once.click();
      await panel.getByTestId('grant-card').waitFor({ state: 'detached' });
      await expect.poll(() => bridgeOf(page), { timeout: 10_000 }).toBe('connected');
      expect(await ask(panel, 'page/get-context', { tabId })).toMatchObject({
        ok: true,
        data: { title: 'Shop' },
      });
      expect(await ask(panel, 'sites/list', {})).toMatchObject({
        data: { sites: [{ host: 'shop.example', mode: 'once', tabId }] },
      });
      // Another page of the same site keeps the grant and gets its bridge again.
      await page.goto(pages.url('shop.example', '/more'));
      await expect.poll(() => bridgeOf(page), { timeout: 10_000 }).toBe('connected');
      await page.goto(pages.url('other.example'));
      await expect
        .poll(async () => (await ask(panel, 'sites/list', {})).data?.['sites'], {
          timeout: 10_000,
        })
        .toEqual([]);
      expect(await bridgeOf(page)).toBeNull();
      await page.goto(pages.url('shop.example'));
      await page.waitForTimeout(300);
      expect(await bridgeOf(page)).toBeNull();
      expect(await ask(panel, 'page/get-context', { tabId })).toMatchObject({
        error: { code: 'PAGE_NOT_GRANTED' },
      });
    } finally {
      await bare.close();
    }
  });

  it('says in plain words why a browser page is off limits', async () => {
    const page = await browser.context.newPage();
    await page.goto('chrome://version');
    const tabId = await browser.tabIdOf(page);
    const panel = await browser.openPanelTab(tabId);
    const card = panel.getByTestId('restricted-card');
    await card.waitFor();
    expect(await card.getAttribute('data-kind')).toBe('browser-page');
    expect(await card.getByRole('heading').textContent()).toBe(
      'This is one of the browser\u2019s own pages',
    );
    expect(await panel.getByTestId('grant-card').count()).toBe(0);
    await panel.close();
    await page.close();
  });
});
