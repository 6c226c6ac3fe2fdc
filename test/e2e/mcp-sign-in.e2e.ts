// MCP sign-in in real Chromium, headless: chrome.identity.launchWebAuthFlow opens its
// own window on a real OAuth authorization server on 127.0.0.1 (discovery, dynamic
// client registration, PKCE S256, refresh), whose authorization page approves at once
// with a redirect back, as a consent page that needs no click. Through the real panel
// a person adds the server in Settings → MCP, signs in, and a run calls its tool;
// when the grant is revoked mid-run the in-run card signs in again and the call
// completes; a closed window or an authorization page that sends the window to
// another origin ends in plain words with no token stored. The tokens never reach
// the model or an export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scenario } from '../support/model-server/model-server.mjs';
import { startHttpPeer, type HttpPeer } from '../support/mcp/http-peer';
import {
  startSignInBrowser,
  visibleToolName,
  type SignInBrowser,
} from '../support/mcp/sign-in-browser';

const SERVER = 'Files';

let browser: SignInBrowser;
let elsewhere: HttpPeer;
let serverId = '';
let toolName = '';

beforeAll(async () => {
  browser = await startSignInBrowser();
  elsewhere = await startHttpPeer(
    (_request, response) =>
      void response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>Another login</title><p>Type your password here.</p>'),
  );
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await elsewhere?.close();
});

/** The model calls the server's tool once, then answers `closing`. */
const callOnce = (closing: string): Scenario => ({
  name: 'whoami-once',
  turns: [
    { steps: [{ toolCall: { id: 'call_whoami', name: toolName, arguments: {} } }] },
    { steps: [{ text: closing }] },
  ],
});

const panel = () => browser.panel;
const lastAnswer = () => panel().getByTestId('assistant-turn').last();
const approval = () => panel().getByTestId('approval');
const signInCard = () => panel().getByTestId('integration-sign-in');

/** The sign-in window, once it shows `pathname` (it is a page of the browser's own). */
async function signInWindowAt(pathname: string) {
  const find = () =>
    browser.harness.context
      .pages()
      .find((page) => page.url().startsWith(`${elsewhere.origin}${pathname}`));
  await expect.poll(() => find() !== undefined, { timeout: 20_000 }).toBe(true);
  return find()!;
}

async function answerStatus() {
  return lastAnswer()
    .getAttribute('data-status')
    .catch(() => null);
}

/** Approves the run's tool call once, from its approval card. */
async function approveCall() {
  await expect
    .poll(
      () =>
        approval()
          .getAttribute('aria-label')
          .catch(() => null),
      { timeout: 20_000 },
    )
    .toBe(`Approve ${toolName}`);
  await approval().getByTestId('approve-once').click();
}

/** The tool results the model received in its last request. */
function toolResultsSeen(): { ok: boolean; code?: string; message?: string }[] {
  const body = browser.models.requests.at(-1)!.body as {
    messages: { role: string; content: string }[];
  };
  return body.messages
    .filter((message) => message.role === 'tool')
    .map((message) => JSON.parse(message.content) as { ok: boolean });
}

/** Every token the peer issued is absent from the model's requests and the chat export. */
async function expectNoTokenLeaked() {
  expect(browser.peer.tokens.length).toBeGreaterThan(0);
  const sent = JSON.stringify(browser.models.requests);
  const exported = String((await browser.request({ type: 'session/export', payload: {} }))['json']);
  expect(exported.length).toBeGreaterThan(100);
  for (const token of browser.peer.tokens) {
    expect(sent).not.toContain(token);
    expect(exported).not.toContain(token);
  }
}

describe('MCP sign-in through chrome.identity in the real browser', () => {
  it('adds the server in Settings, signs in through the sign-in window, and a run calls its tool', async () => {
    serverId = await browser.addServer(SERVER);
    toolName = await visibleToolName(serverId, SERVER);
    expect(await browser.serverRow(SERVER)).not.toContain('signed in');
    expect(await browser.storedSignIns()).toBe('{}');

    expect(await browser.signInFromSettings(SERVER)).toBe(`Signed in to ${SERVER}.`);
    // The window went to the server's own authorization page, with PKCE and our state.
    const authorize = browser.peer.requests.filter((seen) => seen.url.startsWith('/authorize'));
    expect(authorize).toHaveLength(1);
    const asked = new URL(authorize[0]!.url, browser.peer.origin).searchParams;
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('redirect_uri')).toBe(
      `https://${browser.harness.extensionId}.chromiumapp.org/mcp`,
    );
    expect(browser.peer.issued.access).toBe(1);
    expect(await browser.serverRow(SERVER)).toContain('signed in');
    expect(await panel().getByTestId('mcp-probe-result').textContent()).toContain(toolName);
    const stored = await browser.storedSignIns();
    expect(stored).toContain(browser.peer.tokens[0]!);

    await browser.freshChat(callOnce('The server knows you.'));
    await browser.send('Who am I on the file server?');
    await approveCall();
    await expect.poll(answerStatus, { timeout: 20_000 }).toBe('complete');
    expect(await lastAnswer().textContent()).toContain('The server knows you.');
    expect(await signInCard().count()).toBe(0);
    expect(toolResultsSeen()).toEqual([
      expect.objectContaining({ ok: true, result: expect.anything() }),
    ]);
    expect(JSON.stringify(toolResultsSeen())).toContain('you hold access-1');
    // The stored sign-in was used as it was: no second authorization page.
    expect(browser.peer.requests.filter((seen) => seen.url.startsWith('/authorize'))).toHaveLength(
      1,
    );
    await expectNoTokenLeaked();
  });

  it('a grant revoked mid-run: the sign-in card signs in again and the call completes', async () => {
    expect(toolName).not.toBe('');
    browser.peer.revokeAll();
    await browser.freshChat(callOnce('Signed in again; the server knows you.'));
    await browser.send('Who am I now?');
    await approveCall();
    await signInCard().waitFor({ timeout: 20_000 });
    expect(await signInCard().getAttribute('aria-label')).toBe(`Sign in to ${SERVER}`);
    expect(await signInCard().textContent()).toContain(`${SERVER} needs you to sign in`);
    const before = browser.peer.issued.access;
    await signInCard().getByTestId('sign-in').click();
    await expect.poll(answerStatus, { timeout: 20_000 }).toBe('complete');
    expect(await signInCard().count()).toBe(0);
    expect(browser.peer.issued.access).toBe(before + 1);
    expect(JSON.stringify(toolResultsSeen())).toContain(`you hold access-${before + 1}`);
    expect(await lastAnswer().textContent()).toContain('Signed in again; the server knows you.');
    await expectNoTokenLeaked();
  });

  it('a closed sign-in window ends the call in plain words; the run finishes; no token is stored', async () => {
    browser.peer.revokeAll();
    // The authorization page sends the window to a page on another origin that never
    // comes back, so the window stays open until the person closes it.
    browser.peer.redirectAuthorizePage(`${elsewhere.origin}/consent-elsewhere`);
    await browser.request({ type: 'mcp/sign-out', payload: { id: serverId } });
    expect(await browser.storedSignIns()).not.toContain('access-');
    await browser.freshChat(callOnce('The sign-in did not finish, so I could not ask the server.'));
    await browser.send('Who am I after that?');
    await approveCall();
    await signInCard().waitFor({ timeout: 20_000 });
    await signInCard().getByTestId('sign-in').click();
    const window = await signInWindowAt('/consent-elsewhere');
    await window.close();
    await expect.poll(answerStatus, { timeout: 20_000 }).toBe('complete');
    const [result] = toolResultsSeen();
    expect(result).toMatchObject({ ok: false, code: 'MCP_AUTH_FAILED' });
    expect(result!.message).toContain(`Signing in to ${SERVER} did not work`);
    expect(result!.message).toContain('The sign-in window was closed before it finished');
    expect(await lastAnswer().textContent()).toContain('MCP_AUTH_FAILED');
    expect(await browser.storedSignIns()).not.toContain('access-');
    browser.peer.redirectAuthorizePage(null);
  });

  it('Stop while the sign-in window is open ends the run; finishing in that window afterwards stores nothing', async () => {
    browser.peer.redirectAuthorizePage(`${elsewhere.origin}/consent-slow`);
    await browser.freshChat(callOnce('unused'));
    await browser.send('Who am I, once more?');
    await approveCall();
    await signInCard().waitFor({ timeout: 20_000 });
    await signInCard().getByTestId('sign-in').click();
    const window = await signInWindowAt('/consent-slow');
    await panel().getByTestId('stop').click();
    await expect.poll(answerStatus, { timeout: 20_000 }).toBe('cancelled');
    // The browser keeps its window; the person finishes there, but the run is over.
    const authorize = browser.peer.requests.filter((seen) => seen.url.startsWith('/authorize'));
    const late = new URL(authorize.at(-1)!.url, browser.peer.origin);
    const tokensBefore = browser.peer.issued.access;
    await window.goto(browser.peer.authorize(late)).catch(() => undefined);
    await expect.poll(() => window.isClosed(), { timeout: 10_000 }).toBe(true);
    await panel().waitForTimeout(500);
    expect(browser.peer.issued.access).toBe(tokensBefore);
    expect(await browser.storedSignIns()).not.toContain('access-');
    browser.peer.redirectAuthorizePage(null);
  });

  it('an authorization page that redirects to an address that does not answer fails in Settings in plain words', async () => {
    // Every host but 127.0.0.1 resolves nowhere in this browser.
    browser.peer.redirectAuthorizePage('https://login.elsewhere.example/authorize');
    const issued = browser.peer.issued.access;
    expect(await browser.signInFromSettings(SERVER)).toBe('');
    const problem = await panel()
      .getByRole('region', { name: 'MCP servers' })
      .getByRole('alert')
      .textContent();
    expect(problem).toContain('The sign-in page could not be loaded');
    expect(problem).toContain('Check the server, then sign in again.');
    expect(await browser.serverRow(SERVER)).not.toContain('signed in');
    expect(browser.peer.issued.access).toBe(issued);
    expect(await browser.storedSignIns()).not.toContain('access-');
    browser.peer.redirectAuthorizePage(null);
    await expectNoTokenLeaked();
  });
});
