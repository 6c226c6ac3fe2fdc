// "Sign in with OpenRouter" through the built extension in real Chromium and the real
// panel. openrouter.ai is a local HTTPS server here: its /auth page sends the browser's
// sign-in window straight back to the extension's redirect address with a code (as a
// consent page that needs no click), and its key endpoint hands out a key only for
// the verifier whose S256 challenge the window carried. The person fills the model
// form, signs in, sees the key's last characters, and saves; the key is stored in the
// worker and never appears in the panel. A refused consent ends in words, with no key.
import { createHash } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { typstCertificate } from '../support/tls';
import { launchWebBrowser, type WebBrowser } from '../support/web-browser';
import { startWebPages, type WebPages } from '../support/web-pages';

const HOST = 'shop.example';
const KEY = 'sk-or-v1-e2e-signed-in-0777';
const BASE_URL = 'https://openrouter.ai/api/v1';

let pages: WebPages;
let browser: WebBrowser;
let openRouter: https.Server;
let panel: Page;
/** What the fake consent page does: come back with a code, or with access_denied. */
let consent: 'approve' | 'deny' = 'approve';
const challenges = new Map<string, string>();
const exchanges: Record<string, string>[] = [];

const base64Url = (bytes: Buffer) =>
  bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

beforeAll(async () => {
  openRouter = https.createServer(typstCertificate(), (request, response) => {
    const url = new URL(request.url ?? '/', 'https://openrouter.ai');
    if (url.pathname === '/auth') {
      const back = new URL(url.searchParams.get('callback_url') ?? '');
      if (consent === 'deny') back.searchParams.set('error', 'access_denied');
      else {
        const code = `code-${challenges.size + 1}`;
        challenges.set(code, url.searchParams.get('code_challenge') ?? '');
        back.searchParams.set('code', code);
      }
      response.writeHead(302, { location: back.href }).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (url.pathname !== '/api/v1/auth/keys' || request.method !== 'POST') {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>;
      exchanges.push(body);
      const expected = challenges.get(body['code'] ?? '');
      const actual = base64Url(
        createHash('sha256')
          .update(body['code_verifier'] ?? '')
          .digest(),
      );
      challenges.delete(body['code'] ?? '');
      const ok = expected !== undefined && expected === actual;
      response
        .writeHead(ok ? 200 : 403, { 'content-type': 'application/json' })
        .end(JSON.stringify(ok ? { key: KEY, user_id: 'user-1' } : { error: 'bad code' }));
    });
  });
  await new Promise<void>((resolve) => openRouter.listen(0, '127.0.0.1', resolve));
  const port = (openRouter.address() as AddressInfo).port;
  pages = await startWebPages({
    [HOST]: { '/': '<!doctype html><title>Shop</title><h1>Shop</h1>' },
  });
  browser = await launchWebBrowser(pages, {
    granted: [HOST, 'openrouter.ai'],
    hostRules: [`MAP openrouter.ai 127.0.0.1:${port}`],
  });
  const tab = await browser.open(HOST);
  panel = await browser.openPanelTab(await browser.tabIdOf(tab));
  await panel.getByTestId('settings-toggle').click();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await pages?.close();
  await new Promise<void>((resolve) =>
    openRouter ? openRouter.close(() => resolve()) : resolve(),
  );
});

const form = () => panel.getByRole('form', { name: 'Add model' });

describe('signing in to a model provider', () => {
  it('offers sign-in only for the provider’s own base URL', async () => {
    await form().getByLabel('Base URL').fill('https://api.openai.com/v1');
    expect(await panel.getByTestId('provider-sign-in').count()).toBe(0);
    await form().getByLabel('Base URL').fill(BASE_URL);
    await expect.poll(() => panel.getByTestId('provider-sign-in').count()).toBe(1);
  });

  it('a refused consent ends in plain words and takes no key', async () => {
    consent = 'deny';
    await form().getByRole('button', { name: 'Sign in with OpenRouter' }).click();
    await expect
      .poll(() => panel.getByTestId('provider-sign-in-error').textContent(), { timeout: 30_000 })
      .toContain('OpenRouter did not sign you in (access_denied)');
    expect(exchanges).toEqual([]);
    expect(await form().textContent()).not.toContain('Signed in with OpenRouter');
  });

  it('signs in with PKCE, shows the key’s last characters, and saves the key with the model', async () => {
    consent = 'approve';
    await form().getByLabel('Name', { exact: true }).fill('OpenRouter');
    await form().getByLabel('Model id').fill('openrouter/auto');
    await form().getByRole('button', { name: 'Sign in with OpenRouter' }).click();
    await expect
      .poll(() => form().textContent(), { timeout: 30_000 })
      .toContain(
        'Signed in with OpenRouter: its key (•••• 0777) is saved when you save this model.',
      );
    expect(exchanges).toEqual([
      expect.objectContaining({ code: 'code-1', code_challenge_method: 'S256' }),
    ]);
    expect(await panel.content()).not.toContain(KEY);

    await form().getByRole('button', { name: 'Save model' }).click();
    const saved = panel.getByTestId('model-row');
    await expect.poll(() => saved.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => saved.textContent()).toContain('key •••• 0777');
    const stored = await (await browser.worker()).evaluate(() => chrome.storage.local.get(null));
    expect(JSON.stringify(stored)).toContain(KEY);
    expect(await panel.content()).not.toContain(KEY);
  });
});
