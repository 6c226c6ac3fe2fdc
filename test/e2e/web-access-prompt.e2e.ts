// The browser's own permission prompt behind "Always allow", headful under Xvfb (the
// prompt never shows headless): the build holds no test host, the panel's click opens
// the prompt, Deny (the prompt's default) leaves the site closed with a plain answer,
// and Allow gives the host permission, after which the bridge runs and the page is read
// through it. Revoking removes the permission the prompt gave. Keys reach the prompt
// through xdotool, as a person's would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { launchWebBrowser, type WebBrowser } from '../support/web-browser';
import { startWebPages, type WebPages } from '../support/web-pages';

const XVFB = '/usr/bin/Xvfb';
const XDOTOOL = '/usr/bin/xdotool';

let display: string;
let xvfb: ChildProcess;
let pages: WebPages;
let browser: WebBrowser;

beforeAll(async () => {
  for (const tool of [XVFB, XDOTOOL])
    if (!existsSync(tool)) throw new Error(`${tool} is needed for the headful prompt test.`);
  // A display of this test's own, so parallel sessions on the machine do not collide.
  display = `:${90 + (process.pid % 400)}`;
  xvfb = spawn(XVFB, [display, '-screen', '0', '1280x900x24', '-nolisten', 'tcp'], {
    stdio: 'ignore',
  });
  const socket = `/tmp/.X11-unix/X${display.slice(1)}`;
  for (let attempt = 0; attempt < 100 && !existsSync(socket); attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
  process.env['DISPLAY'] = display;
  pages = await startWebPages({
    'news.example': { '/': '<!doctype html><title>Morning news</title><p>Rain.</p>' },
  });
  browser = await launchWebBrowser(pages, { granted: [], headless: false });
});

afterAll(async () => {
  await browser?.close();
  await pages?.close();
  xvfb?.kill();
});

/** Keys to the focused browser window, as a person types them. */
const press = (...keys: string[]) =>
  execFileSync(XDOTOOL, ['key', '--delay', '120', ...keys], {
    env: { ...process.env, DISPLAY: display },
  });

const bridgeOf = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset['sideAgentBridge'] ?? null);

const hostGranted = (panel: Page) =>
  panel.evaluate(() => chrome.permissions.contains({ origins: ['https://news.example/*'] }));

/**
 * Waits for the prompt: the card's buttons wait while the browser's request is open,
 * and the dialog paints a moment later (no page API can see it; Playwright emulates
 * focus, so the page never loses it).
 */
async function promptOpen(panel: Page) {
  await expect.poll(() => panel.getByTestId('grant-always').isDisabled()).toBe(true);
  await panel.waitForTimeout(2_000);
}

describe('the permission prompt behind Always allow', () => {
  it('Deny leaves the site closed; Allow gives the permission, the bridge and the read; revoke removes it', async () => {
    const page = await browser.open('news.example');
    const tabId = await browser.tabIdOf(page);
    const panel = await browser.openPanelTab(tabId);
    await panel.getByTestId('grant-card').waitFor();
    expect(await hostGranted(panel)).toBe(false);

    await panel.getByTestId('grant-always').click();
    await promptOpen(panel);
    // Deny is the prompt's default button.
    press('Return');
    const problem = panel.getByTestId('grant-problem');
    await problem.waitFor({ timeout: 10_000 });
    expect(await problem.textContent()).toContain('Access to news.example was not given');
    expect(await hostGranted(panel)).toBe(false);
    expect(await bridgeOf(page)).toBeNull();

    await panel.getByTestId('grant-retry').click();
    await promptOpen(panel);
    press('Tab', 'space');
    await panel.getByTestId('grant-card').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await hostGranted(panel)).toBe(true);
    await expect.poll(() => bridgeOf(page), { timeout: 10_000 }).toBe('connected');
    const context = (await panel.evaluate(
      (id) =>
        chrome.runtime.sendMessage({
          type: 'page/get-context',
          requestId: crypto.randomUUID(),
          payload: { tabId: id },
        }),
      tabId,
    )) as { ok: boolean; data?: { title: string } };
    expect(context).toMatchObject({ ok: true, data: { title: 'Morning news' } });

    await panel.getByTestId('settings-toggle').click();
    await panel.getByRole('tab', { name: 'Sites' }).click();
    await panel.getByTestId('site-revoke').click();
    await panel.getByTestId('sites-empty').waitFor();
    expect(await hostGranted(panel)).toBe(false);
  });
});
