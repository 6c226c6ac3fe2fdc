// Firefox ESR loads the Firefox MV3 build: the background starts, registers the
// MAIN-world script, and answers the relay's page/ready message on a typst.app page
// (the relay marks <html data-side-agent-bridge="connected"> only after the
// background accepted it). Driven by puppeteer-core over WebDriver BiDi.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import puppeteer, { type Browser } from 'puppeteer-core';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/extension-browser';
import { startHttpsSite, type HttpsSite } from '../support/https-site';
import { codemirrorBundle, editorPageHtml } from '../support/fixture-pages';

const FIREFOX_PATH = process.env['FIREFOX_PATH'] ?? '/usr/bin/firefox-esr';
const FIREFOX_BUILD = path.join(REPO_ROOT, '.output/firefox-mv3');

let site: HttpsSite;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(FIREFOX_PATH))
    throw new Error(
      `Firefox ESR not found at ${FIREFOX_PATH}: apt-get install firefox-esr, or set FIREFOX_PATH.`,
    );
  const script = await codemirrorBundle();
  site = await startHttpsSite((url) => {
    if (url.pathname === '/__fixture/codemirror.js')
      return { type: 'text/javascript', body: script };
    if (url.pathname.startsWith('/project/'))
      return {
        type: 'text/html',
        body: editorPageHtml({ project: 'Firefox', path: 'main.typ', text: '= Hi\n' }),
      };
    return undefined;
  });
  browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    acceptInsecureCerts: true,
    extraPrefsFirefox: {
      'network.dns.forceResolve': '127.0.0.1',
      'network.socket.forcePort': `443=${site.port}`,
      'extensions.background.idle.timeout': 2_000,
    },
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('Firefox ESR', () => {
  it('loads the Firefox build; the background starts and answers the page relay', async () => {
    const id = await browser.installExtension(FIREFOX_BUILD);
    expect(id).toBe('side-agent@side-agent.invalid');
    const page = await browser.newPage();
    await page.goto('https://typst.app/project/firefox');
    await page.waitForFunction(
      () => document.documentElement.dataset['sideAgentBridge'] === 'connected',
      { timeout: 20_000 },
    );
    expect(await page.evaluate(() => document.documentElement.dataset['sideAgentSite'])).toBe(
      'typst',
    );
  }, 60_000);
});
