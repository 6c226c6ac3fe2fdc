// MCP sign-in in Firefox ESR, headless, driven by puppeteer-core over WebDriver BiDi:
// the person adds the OAuth-protected peer in the real panel's Settings → MCP and
// presses Sign in; browser.identity.launchWebAuthFlow opens its window on the peer's
// authorization page (discovery, registration, PKCE S256), which approves at once
// with a redirect to the extension's allizom.org address; the server shows as
// signed in and the tokens sit only in extension storage. A window that is closed
// before it comes back ends in plain words with nothing stored.
// The browser, the copy of the build and the panel tab come from
// test/support/firefox-extension.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { launchFirefoxExtension, type FirefoxExtension } from '../support/firefox-extension';
import { startHttpPeer, type HttpPeer } from '../support/mcp/http-peer';
import { startOAuthPeer, type OAuthPeer } from '../support/mcp/oauth-peer';

const SERVER = 'Files';

let peer: OAuthPeer;
let elsewhere: HttpPeer;
let firefox: FirefoxExtension;
let panel: Page;

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
  peer = await startOAuthPeer();
  elsewhere = await startHttpPeer(
    (_request, response) =>
      void response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>Another login</title><p>Type your password here.</p>'),
  );
  firefox = await launchFirefoxExtension();
}, 120_000);

afterAll(async () => {
  await firefox?.close();
  await peer?.close();
  await elsewhere?.close();
});

describe('MCP sign-in through browser.identity in Firefox ESR', () => {
  it('adds the server in Settings → MCP and signs in through the sign-in window', async () => {
    panel = await firefox.openPanel();
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
      firefox.browser.on('targetcreated', (target) => {
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
      .toBe('The sign-in window was closed before it finished; sign in again.');
    expect(await status()).toBe('');
    expect(await serverRow()).not.toContain('signed in');
    expect(await storedSignIns()).not.toContain('access-');
    peer.redirectAuthorizePage(null);
  });
});
