// Settings and sessions UI end to end in real Chromium, through the real panel shell
// serving a typst.app project tab: its header (chat menu, model picker, Settings
// toggle) and its Settings view, talking to the real worker (settings and session
// handlers, chrome.storage and IndexedDB), against the scripted model server.
// ## Why chrome.permissions.request is answered by the test
// Chromium shows a native prompt for optional host access that nothing can answer
// in headless mode (the request never settles), so the test replaces the call in
// the page with one that records the requested pattern and answers as a person
// would. Without the grant the worker's fetch is cross-origin, so the model server
// is reached through a small proxy that adds CORS headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  launchExtensionBrowser,
  REPO_ROOT,
  type ExtensionBrowser,
} from '../support/extension-browser';
import { startModelServer } from '../support/model-server/model-server.mjs';
import { startHttpsSite, type HttpsSite } from '../support/https-site';
import { codemirrorBundle, editorPageHtml } from '../support/fixture-pages';

const MODEL_HOST = 'models.test';
const SCREENSHOTS = path.join(REPO_ROOT, 'test-results/panel-settings');

let harness: ExtensionBrowser;
let server: Awaited<ReturnType<typeof startModelServer>>;
let site: HttpsSite;
let panel: Page;
let proxy: Server;
let proxyPort: number;

/** Forwards to the model server and answers CORS, as a browser-friendly gateway would. */
async function startCorsProxy(targetPort: number): Promise<Server> {
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'authorization, content-type, x-api-key, anthropic-version',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
  };
  const proxyServer = createServer((incoming, outgoing) => {
    if (incoming.method === 'OPTIONS') return void outgoing.writeHead(204, cors).end();
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: targetPort,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...cors });
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502, cors).end());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxyServer.listen(0, '127.0.0.1', resolve));
  return proxyServer;
}

/** Replaces the permission prompt with a recorded, scripted answer. */
async function answerPermissionPrompts(page: Page, isGranted: boolean): Promise<void> {
  await page.evaluate((answer) => {
    const state = globalThis as unknown as { __permissionRequests?: unknown[] };
    state.__permissionRequests ??= [];
    chrome.permissions.request = (async (request: chrome.permissions.Permissions) => {
      state.__permissionRequests!.push(request);
      return answer;
    }) as typeof chrome.permissions.request;
  }, isGranted);
}

const permissionRequests = () =>
  panel.evaluate(
    () =>
      (globalThis as unknown as { __permissionRequests?: unknown[] }).__permissionRequests ?? [],
  );

/** The chat the shell shows, read from the chat menu (the row marked current). */
async function currentSession(): Promise<string> {
  const button = panel.getByTestId('session-menu-button');
  await button.click();
  const row = panel.locator('[data-testid="chat-row"].sa-current');
  await row.waitFor();
  const id = (await row.getAttribute('data-session-id')) ?? '';
  await button.click();
  return id;
}

beforeAll(async () => {
  const script = await codemirrorBundle();
  site = await startHttpsSite((url) => {
    if (url.pathname === '/__fixture/codemirror.js')
      return { type: 'text/javascript', body: script };
    if (url.pathname.startsWith('/project/'))
      return {
        type: 'text/html',
        body: editorPageHtml({ project: 'E2E', path: 'main.typ', text: '= Settings e2e\n' }),
      };
    return undefined;
  });
  server = await startModelServer({ scenario: 'basic-tool-loop' });
  proxy = await startCorsProxy(server.port);
  proxyPort = (proxy.address() as AddressInfo).port;
  harness = await launchExtensionBrowser({
    typstPort: site.port,
    hostRules: [`MAP ${MODEL_HOST} 127.0.0.1`],
  });
  await harness.waitForStartup();
  const project = await harness.context.newPage();
  await project.goto('https://typst.app/project/e2e-project');
  await project.waitForFunction(
    () => document.documentElement.dataset['sideAgentBridge'] === 'connected',
    null,
    { timeout: 15_000 },
  );
  panel = await harness.openPanelTab(await harness.tabIdOf(project));
  await panel.getByTestId('settings-toggle').click();
  await panel.getByRole('tablist', { name: 'Settings sections' }).waitFor();
});

afterAll(async () => {
  await harness?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await server?.close();
  await site?.close();
});

describe('settings and sessions UI in the real panel shell', () => {
  it('adds a model over plain HTTP with the acknowledgement and tests the connection', async () => {
    // No model yet: Settings opens on Models with the add form.
    await expect
      .poll(() => panel.getByRole('tab', { selected: true }).textContent())
      .toBe('Models');
    const form = panel.getByRole('form', { name: 'Add model' });
    const baseUrl = `http://${MODEL_HOST}:${proxyPort}/v1`;
    await form.getByLabel('Name', { exact: true }).fill('Scripted');
    await form.getByLabel('Base URL').fill(baseUrl);
    await form.getByLabel('API key').fill('sk-e2e-secret-9876');
    await form.getByLabel('Model id').fill('scripted-model');
    const ack = form.getByText(`Allow plain HTTP for http://${MODEL_HOST}:${proxyPort}`);
    await expect.poll(() => ack.count()).toBe(1);
    await form.getByTestId('insecure-ack').check();
    await answerPermissionPrompts(panel, true);
    await form.getByRole('button', { name: 'Save model' }).click();
    const saved = panel.getByTestId('model-row');
    await expect
      .poll(() => permissionRequests())
      .toEqual([{ origins: [`http://${MODEL_HOST}/*`] }]);
    await expect.poll(() => saved.count()).toBe(1);
    await expect.poll(() => saved.textContent()).toContain('key •••• 9876');
    const stored = await (await harness.worker()).evaluate(() => chrome.storage.local.get(null));
    expect(JSON.stringify(stored)).toContain('sk-e2e-secret-9876');
    expect(await panel.content()).not.toContain('sk-e2e-secret-9876');

    await panel.getByRole('button', { name: 'Edit Scripted' }).click();
    await panel.getByTestId('test-connection').click();
    const result = panel.getByTestId('test-result');
    await expect
      .poll(() => result.textContent(), { timeout: 15_000 })
      .toMatch(/^Connected in \d+ ms\. \d+ models? available; "scripted-model" is listed\.$/);
    // Edited without retyping the key: the worker used the stored one.
    const listed = server.requests.filter((recorded) => recorded.path === '/models');
    expect(listed.at(-1)?.headers['authorization']).toBe('Bearer sk-e2e-secret-9876');
    // Light and dark screenshots of the form, attached to the test output.
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const colorScheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme });
      await panel.screenshot({
        path: path.join(SCREENSHOTS, `settings-models-${colorScheme}.png`),
        fullPage: true,
      });
    }
    await panel.emulateMedia({ colorScheme: null });
    await panel.getByRole('button', { name: 'Cancel' }).click();
    // Back in the chat, the header's model picker heard about the save.
    await panel.getByTestId('settings-toggle').click();
    await expect.poll(() => panel.getByTestId('model-picker').inputValue()).not.toBe('');
    expect(await panel.getByTestId('model-picker').textContent()).toContain('Scripted');
  });

  it('creates, renames, switches and deletes chats from the session menu', async () => {
    // The header's chat menu shows while Settings is closed (the last test closed it).
    const first = await currentSession();
    expect(first).not.toBe('');
    const menuButton = panel.getByTestId('session-menu-button');
    await menuButton.click();
    await panel.getByTestId('new-chat').click();
    await expect.poll(() => currentSession()).not.toBe(first);
    const second = await currentSession();

    const hostileName = 'Renamed <img src=x onerror="window.__pwned=1">';
    await menuButton.click();
    const rows = panel.getByTestId('chat-row');
    await expect.poll(() => rows.count()).toBe(2);
    const secondRow = panel.locator(`[data-testid="chat-row"][data-session-id="${second}"]`);
    await secondRow.getByRole('button', { name: /^Rename chat/ }).click();
    const rename = secondRow.getByRole('textbox');
    await rename.fill(hostileName);
    await rename.press('Enter');
    await expect.poll(() => secondRow.getByTestId('chat-name').textContent()).toBe(hostileName);
    expect(await panel.locator('img').count()).toBe(0);

    await panel
      .locator(`[data-testid="chat-row"][data-session-id="${first}"]`)
      .getByTestId('chat-name')
      .click();
    await expect.poll(() => currentSession()).toBe(first);

    await menuButton.click();
    await secondRow.getByRole('button', { name: /^Delete chat/ }).click();
    const dialog = panel.getByRole('dialog', { name: 'Delete chat?' });
    await expect.poll(() => dialog.textContent()).toContain(hostileName);
    await expect
      .poll(() => panel.evaluate(() => document.activeElement?.textContent))
      .toBe('Cancel');
    await dialog.getByRole('button', { name: 'Delete chat' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    // A pointer down outside closes the menu.
    await panel.mouse.click(5, 400);
    await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  it('searches, exports and imports chats in Settings → Sessions', async () => {
    await panel.getByTestId('settings-toggle').click();
    await panel.getByRole('tab', { name: 'Sessions' }).click();
    const panelArea = panel.getByRole('tabpanel');
    await expect
      .poll(() => panelArea.getByTestId('storage-usage').textContent())
      .toMatch(/^Chats use .+ \(warning at .+\)\./);
    await expect.poll(() => panelArea.getByTestId('project-group').count()).toBe(1);
    await expect
      .poll(() => panelArea.getByRole('link', { name: 'Open project' }).getAttribute('href'))
      .toBe('https://typst.app/project/e2e-project');
    await panelArea.getByTestId('session-search').fill('no chat has this name');
    await expect.poll(() => panelArea.textContent()).toContain('No chats match this search.');
    await panelArea.getByTestId('session-search').fill('');
    await expect.poll(() => panelArea.getByTestId('project-group').count()).toBe(1);

    const downloading = panel.waitForEvent('download');
    await panelArea.getByTestId('export-chats').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^side-agent-chats-.+\.json$/);
    const exported = readFileSync((await download.path())!, 'utf8');
    expect(exported).not.toContain('sk-e2e-secret');
    expect(JSON.parse(exported)).toMatchObject({ version: expect.any(Number) });

    await panelArea.getByTestId('import-file').setInputFiles({
      name: 'chats.json',
      mimeType: 'application/json',
      buffer: Buffer.from(exported),
    });
    await expect
      .poll(() => panelArea.getByTestId('import-report').textContent(), { timeout: 10_000 })
      .toMatch(/^Imported \d+ chats; rejected 0\./);
  });
});
