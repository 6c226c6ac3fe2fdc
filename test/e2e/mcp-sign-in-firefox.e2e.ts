// MCP sign-in in Firefox ESR, headless, driven by puppeteer-core over WebDriver BiDi:
// the person adds the OAuth-protected peer in the real panel's Settings → MCP and
// presses Sign in; browser.identity.launchWebAuthFlow opens its window on the peer's
// authorization page (discovery, registration, PKCE S256), which approves at once
// with a redirect to the extension's allizom.org address; the server shows as
// signed in and the tokens sit only in extension storage. A window that is closed
// before it comes back ends in plain words with nothing stored.
// ## Why a copy of the build
// WebDriver BiDi refuses to navigate a tab to a moz-extension: URL, so the test opens
// a loopback page that navigates itself to the panel; the copy makes the panel page
// web-accessible to 127.0.0.1 for that. It also holds host access to
// http://127.0.0.1/*, as if the person had accepted the browser's prompt at Save (a
// headless prompt cannot be answered); the panel's own request is then answered at
// once. The panel, the background, the OAuth provider and browser.identity are the
// product's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../support/extension-browser';
import { startHttpPeer, type HttpPeer } from '../support/mcp/http-peer';
import { startOAuthPeer, type OAuthPeer } from '../support/mcp/oauth-peer';

const FIREFOX_PATH = process.env['FIREFOX_PATH'] ?? '/usr/bin/firefox-esr';
const FIREFOX_BUILD = path.join(REPO_ROOT, '.output/firefox-mv3');
const ADDON_ID = 'side-agent@side-agent.invalid';
/** The add-on's internal UUID, fixed by a pref so the test knows its pages' address. */
const ADDON_UUID = '5a1de0a9-e47e-4c1d-9a11-0c0ffee0a11e';
const PANEL_URL = `moz-extension://${ADDON_UUID}/sidepanel.html`;
const SERVER = 'Files';

let peer: OAuthPeer;
let elsewhere: HttpPeer;
let buildDir: string;
let browser: Browser;
let panel: Page;

function buildForTest(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'side-agent-firefox-mcp-'));
  cpSync(FIREFOX_BUILD, dir, { recursive: true });
  const manifestPath = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown[]>;
  manifest['host_permissions'] = [...(manifest['host_permissions'] ?? []), 'http://127.0.0.1/*'];
  manifest['web_accessible_resources'] = [
    ...(manifest['web_accessible_resources'] ?? []),
    { resources: ['sidepanel.html'], matches: ['http://127.0.0.1/*'] },
  ];
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  return dir;
}

/** Opens the panel page in a tab: a loopback page navigates itself there. */
async function openPanel(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${elsewhere.origin}/start`);
  await page.evaluate((url) => void (location.href = url), PANEL_URL);
  // The BiDi page object keeps the old URL; the document itself says where it is.
  await expect
    .poll(() => page.evaluate(() => location.href).catch(() => ''), { timeout: 15_000 })
    .toBe(PANEL_URL);
  await page.waitForSelector('[data-testid="settings-toggle"]', { timeout: 15_000 });
  return page;
}

const status = () =>
  panel.evaluate(
    () => document.querySelector('[aria-label="MCP servers"] [role="status"]')?.textContent ?? '',
  );
const problem = () =>
  panel.evaluate(
    () => document.querySelector('[aria-label="MCP servers"] [role="alert"]')?.textContent ?? '',
  );
const serverRow = () =>
  panel.evaluate(
    () => document.querySelector('[aria-label="MCP servers"] .sa-integration-list li')?.textContent,
  );
const storedSignIns = () =>
  panel.evaluate(async () =>
    JSON.stringify(
      await (globalThis as unknown as { browser: typeof chrome }).browser.storage.local.get(
        'integrations.mcp-auth.v1',
      ),
    ),
  );

async function clickSignIn() {
  const button = await panel.waitForSelector(`::-p-aria(Sign in to ${SERVER})`);
  await button!.click();
}

beforeAll(async () => {
  if (!existsSync(FIREFOX_PATH))
    throw new Error(`Firefox ESR not found at ${FIREFOX_PATH}: apt-get install firefox-esr.`);
  peer = await startOAuthPeer();
  elsewhere = await startHttpPeer(
    (_request, response) =>
      void response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>Another login</title><p>Type your password here.</p>'),
  );
  buildDir = buildForTest();
  browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: ADDON_UUID }),
    },
  });
  expect(await browser.installExtension(buildDir)).toBe(ADDON_ID);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await peer?.close();
  await elsewhere?.close();
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

describe('MCP sign-in through browser.identity in Firefox ESR', () => {
  it('adds the server in Settings → MCP and signs in through the sign-in window', async () => {
    panel = await openPanel();
    await panel.click('[data-testid="settings-toggle"]');
    await (await panel.waitForSelector('::-p-aria([name="MCP"][role="tab"])'))!.click();
    await panel.type('[aria-label="MCP servers"] input[name="mcp-name"]', SERVER);
    const url = await panel.waitForSelector('[aria-label="MCP servers"] input[name="mcp-url"]');
    await url!.click({ count: 3 });
    await url!.type(peer.url);
    await (await panel.waitForSelector('::-p-aria(Save server)'))!.click();
    await expect.poll(status, { timeout: 15_000 }).toBe('Saved.');
    expect(await serverRow()).not.toContain('signed in');

    await clickSignIn();
    await expect.poll(status, { timeout: 20_000 }).toBe(`Signed in to ${SERVER}.`);
    const authorize = peer.requests.filter((seen) => seen.url.startsWith('/authorize'));
    expect(authorize).toHaveLength(1);
    const asked = new URL(authorize[0]!.url, peer.origin).searchParams;
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('redirect_uri')).toMatch(
      /^https:\/\/[0-9a-f]{40}\.extensions\.allizom\.org\/mcp$/,
    );
    expect(peer.issued.access).toBe(1);
    await expect.poll(serverRow).toContain('signed in');
    expect(await storedSignIns()).toContain(peer.tokens[0]!);
  });

  it('a sign-in window closed before it comes back fails in plain words, with nothing stored', async () => {
    await (await panel.waitForSelector('::-p-aria(Sign out)'))!.click();
    await expect.poll(serverRow).not.toContain('signed in');
    expect(await storedSignIns()).not.toContain('access-');
    // The authorization page sends the window elsewhere; it never comes back by itself.
    peer.redirectAuthorizePage(`${elsewhere.origin}/consent-elsewhere`);
    const windowOpened = new Promise<Page>((resolve) =>
      browser.on('targetcreated', (target) => {
        void target.page().then((page) => page && resolve(page));
      }),
    );
    await clickSignIn();
    const window = await windowOpened;
    await expect
      .poll(() => window.evaluate(() => location.pathname).catch(() => ''), { timeout: 15_000 })
      .toBe('/consent-elsewhere');
    await window.close();
    await expect
      .poll(problem, { timeout: 20_000 })
      .toBe('[MCP_AUTH_FAILED] The sign-in window was closed before it finished; sign in again.');
    expect(await status()).toBe('');
    expect(await serverRow()).not.toContain('signed in');
    expect(await storedSignIns()).not.toContain('access-');
    peer.redirectAuthorizePage(null);
  });
});
