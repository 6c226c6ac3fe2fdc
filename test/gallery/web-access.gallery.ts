// The web face's site-access states: the grant card on a site nobody allowed (before
// and after the toolbar click that makes "Only now" possible), the card of a page no
// extension may work on, and Settings → Sites with an allowed site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shootPanel } from '../support/gallery';
import { launchWebBrowser, type WebBrowser } from '../support/web-browser';
import { startWebPages, type WebPages } from '../support/web-pages';

let pages: WebPages;
let browser: WebBrowser;

beforeAll(async () => {
  pages = await startWebPages({
    'news.example': { '/': '<!doctype html><title>Morning news</title><p>Rain.</p>' },
    'a-rather-long-hostname-for-a-narrow-panel.example': {
      '/': '<!doctype html><title>Long</title><p>Long.</p>',
    },
  });
  browser = await launchWebBrowser(pages);
});

afterAll(async () => {
  await browser?.close();
  await pages?.close();
});

async function clickToolbarButton(page: Page) {
  const { targetInfos } = (await browser.cdp.send('Target.getTargets', {
    filter: [{ type: 'tab' }],
  } as never)) as { targetInfos: { targetId: string; type: string; url: string }[] };
  const tab = targetInfos.find((info) => info.type === 'tab' && info.url === page.url());
  await page.bringToFront();
  await browser.cdp.send(
    'Extensions.triggerAction' as 'Browser.getVersion',
    { id: browser.extensionId, targetId: tab?.targetId } as never,
  );
}

describe('web access gallery', () => {
  it('the grant card, before and after the toolbar click', async () => {
    const page = await browser.open('a-rather-long-hostname-for-a-narrow-panel.example');
    const panel = await browser.openPanelTab(await browser.tabIdOf(page));
    await panel.getByTestId('grant-card').waitFor();
    await shootPanel(panel, 'web-grant-card');
    await clickToolbarButton(page);
    await panel.bringToFront();
    await expect.poll(() => panel.getByTestId('grant-once').isEnabled()).toBe(true);
    await shootPanel(panel, 'web-grant-card-after-click');
    await panel.close();
  });

  it('a restricted page', async () => {
    const page = await browser.context.newPage();
    await page.goto('chrome://version');
    const panel = await browser.openPanelTab(await browser.tabIdOf(page));
    await panel.getByTestId('restricted-card').waitFor();
    await shootPanel(panel, 'web-restricted-page');
    await panel.close();
  });

  it('Settings → Sites with an allowed site, and the chat once allowed', async () => {
    const page = await browser.open('news.example');
    const panel = await browser.openPanelTab(await browser.tabIdOf(page));
    await panel.getByTestId('grant-always').click();
    await panel.getByTestId('grant-card').waitFor({ state: 'detached' });
    await shootPanel(panel, 'web-allowed-chat');
    await panel.getByTestId('settings-toggle').click();
    await panel.getByRole('tab', { name: 'Sites' }).click();
    await panel.getByTestId('sites-list').waitFor();
    await shootPanel(panel, 'settings-sites');
    await panel.close();
  });
});
