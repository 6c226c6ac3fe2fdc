// Skills in real Chromium through the real panel on a web page: a skill file imported
// in Settings → Skills (a pasted bad one is refused in plain words first, losing
// nothing) and turned on; in Ask the scripted model is offered its HTTP tool but not its
// download-job tool; the call asks on the approval card, the person approves, the
// local HTTPS endpoint sees the request without the cookie the browser holds for it,
// and the answer reaches the model as labelled untrusted data, with the skill's
// instructions labelled in the user message, not the system prompt. The packaged
// Public holidays skill, turned on, calls its (locally served) endpoint. In Act the
// download-job tool is offered.
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { typstCertificate } from '../support/tls';
import { launchWebBrowser, type WebBrowser } from '../support/web-browser';
import { startWebPages, type WebPages } from '../support/web-pages';
import { panelWithModel, sendFromComposer } from '../support/panel-page';
import { API_HOST, HOLIDAYS_HOST, HTTP_SKILL, SKILL } from './support/skill-files';
import { answerPermissionPrompts, permissionRequests } from './support/integrations-panel';

interface SentMessage {
  role: string;
  content: unknown;
}
interface SentBody {
  messages?: SentMessage[];
  tools?: { function: { name: string } }[];
}

let pages: WebPages;
let browser: WebBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let panel: Page;
let api: https.Server;
const apiRequests: { path: string; cookie: string | undefined }[] = [];

const toolNames = (body: SentBody) => (body.tools ?? []).map((tool) => tool.function.name);
const chatBodies = () =>
  models.requests
    .map((request) => request.body as SentBody)
    .filter((body) => (body.tools ?? []).length > 0);
const lastUserText = (body: SentBody) =>
  JSON.stringify(body.messages?.filter((message) => message.role === 'user').at(-1) ?? '');

beforeAll(async () => {
  api = https.createServer(typstCertificate(), (request, response) => {
    apiRequests.push({ path: request.url ?? '', cookie: request.headers.cookie });
    if (request.headers.host?.startsWith(HOLIDAYS_HOST)) {
      response
        .writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
        .end(JSON.stringify([{ date: '2026-10-03', localName: 'Tag der Deutschen Einheit' }]));
      return;
    }
    response
      .writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
      })
      .end(JSON.stringify({ word: 'wren', meaning: 'A small brown songbird.' }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const apiPort = (api.address() as AddressInfo).port;
  pages = await startWebPages({
    'birds.example': { '/': '<!doctype html><title>Birds</title><h1>Birds</h1>' },
  });
  models = await startModelServer({
    scenario: {
      name: 'skills',
      turns: [],
      policy: (body: SentBody) => {
        const hasTools = (body.tools ?? []).length > 0;
        const answered = body.messages?.some((message) => message.role === 'tool');
        if (!hasTools || answered || lastUserText(body).includes('Act check'))
          return { steps: [{ text: 'A wren is a small songbird.' }] };
        if (lastUserText(body).includes('holidays'))
          return {
            steps: [
              {
                toolCall: {
                  id: 'days-1',
                  name: 'list_public_holidays',
                  arguments: { year: 2026, countryCode: 'DE' },
                },
              },
            ],
          };
        return {
          steps: [{ toolCall: { id: 'look-1', name: 'lookup_word', arguments: { word: 'wren' } } }],
        };
      },
    },
  });
  proxy = await startCorsProxy(models.port);
  browser = await launchWebBrowser(pages, {
    hostRules: [
      `MAP ${API_HOST} 127.0.0.1:${apiPort}`,
      `MAP ${HOLIDAYS_HOST} 127.0.0.1:${apiPort}`,
      'EXCLUDE 127.0.0.1',
    ],
  });
  // The browser holds a cookie for the skill's host; a skill call must never send it.
  await browser.context.addCookies([
    {
      name: 'session',
      value: 'do-not-send',
      domain: API_HOST,
      path: '/',
      secure: true,
      sameSite: 'None',
    },
  ]);
  const page = await browser.open('birds.example');
  panel = await panelWithModel(browser, page, proxy.baseUrl, 'skills');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await models?.close();
  await pages?.close();
  await new Promise<void>((resolve) => (api ? api.close(() => resolve()) : resolve()));
});

describe('skills', () => {
  it('refuses a non-HTTPS skill in plain words, imports a good one and turns it on', async () => {
    await panel.getByTestId('settings-toggle').click();
    await panel.getByRole('tab', { name: 'Skills' }).click();
    const rows = panel.getByTestId('skill-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const before = await rows.count();
    const status = panel.getByTestId('skill-import-status');
    await panel.getByTestId('skill-paste').fill(HTTP_SKILL);
    await panel.getByTestId('skill-paste-import').click();
    await expect.poll(() => status.textContent()).toMatch(/^Import refused: .*https:\/\//);
    expect(await rows.count()).toBe(before);
    await panel.getByTestId('skill-import-file').setInputFiles({
      name: 'wordbook.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(SKILL),
    });
    await expect.poll(() => status.textContent()).toContain('Imported "Wordbook"');
    const row = rows.filter({ hasText: 'Wordbook' });
    expect(await row.getByTestId('skill-trust').textContent()).toContain(`https://${API_HOST}`);
    await answerPermissionPrompts(panel);
    await row.getByTestId('skill-enabled').check();
    await expect.poll(() => row.getByTestId('skill-enabled').isChecked()).toBe(true);
    expect(await permissionRequests(panel)).toEqual([{ origins: [`https://${API_HOST}/*`] }]);
    await panel.getByTestId('settings-toggle').click();
  });

  it('in Ask offers the HTTP tool only; the call asks, runs without cookies and returns untrusted data', async () => {
    const start = chatBodies().length;
    await sendFromComposer(panel, 'What is a wren?');
    const approval = panel.getByTestId('approval');
    await expect
      .poll(() => approval.getAttribute('aria-label').catch(() => null), { timeout: 30_000 })
      .toBe('Approve lookup_word');
    expect(apiRequests).toHaveLength(0);
    await approval.getByTestId('approve-once').click();
    await expect
      .poll(
        () =>
          panel
            .getByTestId('assistant-turn')
            .last()
            .getAttribute('data-status')
            .catch(() => null),
        { timeout: 30_000 },
      )
      .toBe('complete');
    expect(apiRequests).toEqual([{ path: '/define/wren', cookie: undefined }]);
    const [first, second] = chatBodies().slice(start);
    expect(toolNames(first!)).toContain('lookup_word');
    expect(toolNames(first!)).not.toContain('export_wordlist');
    const system = JSON.stringify(first!.messages?.find((message) => message.role === 'system'));
    expect(system).not.toContain('Look words up');
    expect(lastUserText(first!)).toContain('[Skill: Wordbook]');
    expect(lastUserText(first!)).toContain('Look words up with lookup_word');
    expect(lastUserText(first!)).not.toContain('side-agent-tools');
    const toolMessage = second!.messages?.find((message) => message.role === 'tool');
    const result = JSON.parse(String(toolMessage?.content)) as Record<string, unknown>;
    expect(result).toMatchObject({
      ok: true,
      result: {
        untrusted_skill_result: {
          source: `https://${API_HOST}`,
          content: { meaning: 'A small brown songbird.' },
        },
      },
    });
  });

  it('runs the packaged Public holidays skill against its local endpoint once turned on', async () => {
    await panel.getByTestId('settings-toggle').click();
    await panel.getByRole('tab', { name: 'Skills' }).click();
    const row = panel.getByTestId('skill-row').filter({ hasText: 'Public holidays' });
    expect(await row.getByTestId('skill-enabled').isChecked()).toBe(false);
    await answerPermissionPrompts(panel);
    await row.getByTestId('skill-enabled').check();
    await expect.poll(() => row.getByTestId('skill-enabled').isChecked()).toBe(true);
    await panel.getByTestId('settings-toggle').click();
    const start = chatBodies().length;
    await sendFromComposer(panel, 'Which public holidays does Germany have in 2026?');
    const approval = panel.getByTestId('approval');
    await expect
      .poll(() => approval.getAttribute('aria-label').catch(() => null), { timeout: 30_000 })
      .toBe('Approve list_public_holidays');
    await approval.getByTestId('approve-once').click();
    await expect
      .poll(() => apiRequests.at(-1)?.path, { timeout: 30_000 })
      .toBe('/api/v3/PublicHolidays/2026/DE');
    await expect.poll(() => chatBodies().length - start, { timeout: 30_000 }).toBe(2);
    const toolMessage = chatBodies()
      .at(-1)!
      .messages?.find((message) => message.role === 'tool');
    expect(String(toolMessage?.content)).toContain('Tag der Deutschen Einheit');
  });

  it('in Act offers the download-job tool too', async () => {
    const input = panel.getByTestId('composer-input');
    await input.fill('/mode act');
    await input.press('Enter');
    await expect
      .poll(() => panel.getByTestId('command-output-text').textContent())
      .toMatch(/^Mode: Act/);
    const start = chatBodies().length;
    await sendFromComposer(panel, 'Act check');
    await expect.poll(() => chatBodies().length, { timeout: 30_000 }).toBeGreaterThan(start);
    const names = toolNames(chatBodies()[start]!);
    expect(names).toContain('export_wordlist');
    expect(names).toContain('lookup_word');
  });
});
