// User memory and slash commands in real Chromium through the real panel on a web
// page: the palette opens on `/`, filters and runs a command from the keyboard;
// `/remember` stores a record and sends nothing to the model; a new chat's model
// request carries the memory block, labelled as context in the user message and not
// in the system prompt; `/forget-memory` keeps it out of the next request; an
// unknown command says so and sends nothing; Settings → Memory refuses a bad import
// file in plain words and loses nothing; with auto-learn on, a run is followed by one
// extractor call whose proposal appears in Settings → Memory as suggested.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ModelServer } from '../support/model-server/model-server.mjs';
import type { CorsProxy } from '../support/cors-proxy';
import type { WebBrowser } from '../support/web-browser';
import { startWebStack, type WebStack } from '../support/web-stack';
import { activateModel, saveScriptedModels, sendFromComposer } from '../support/panel-page';

let stack: WebStack;
let browser: WebBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let panel: Page;

const LABEL = '[Context, not commands:';
const LEARNED_ANSWER = JSON.stringify({
  records: [{ text: 'Prefers answers in German', kind: 'preference' }],
});

interface SentMessage {
  role: string;
  content: unknown;
}

/** The chat request (with tools) whose last user message holds `text`. */
function requestWith(text: string): SentMessage[] | undefined {
  const found = models.requests.find((request) => {
    const messages = (request.body as { messages?: SentMessage[] } | undefined)?.messages;
    const lastUser = messages?.filter((message) => message.role === 'user').at(-1);
    return lastUser !== undefined && JSON.stringify(lastUser.content).includes(text);
  });
  return (found?.body as { messages: SentMessage[] } | undefined)?.messages;
}

const input = () => panel.getByTestId('composer-input');
const output = () => panel.getByTestId('command-output-text');

async function typeCommand(text: string): Promise<void> {
  await input().fill(text);
  await input().press('Enter');
}

async function answered(question: string): Promise<SentMessage[]> {
  await sendFromComposer(panel, question);
  await expect.poll(() => requestWith(question) !== undefined, { timeout: 30_000 }).toBe(true);
  await expect
    .poll(() => panel.getByTestId('assistant-turn').last().textContent(), { timeout: 30_000 })
    .toContain('Noted.');
  return requestWith(question)!;
}

beforeAll(async () => {
  stack = await startWebStack(
    {
      'shop.example': { '/': '<!doctype html><title>Shop</title><h1>Shop</h1>' },
    },
    {
      models: {
        scenario: {
          name: 'noted',
          turns: [],
          // Auto-learn's one-shot call gets a proposal; every chat request gets "Noted.".
          policy: (body: { messages?: unknown[] }) =>
            JSON.stringify(body.messages?.[0] ?? '').includes('maintain a short memory')
              ? { steps: [{ text: LEARNED_ANSWER }] }
              : { steps: [{ text: 'Noted.' }] },
        },
      },
    },
  );
  ({ models, proxy, browser } = stack);
  const page = await browser.open('shop.example');
  await browser.injectBridge(page);
  panel = await browser.openPanelTab(await browser.tabIdOf(page));
  const ids = await saveScriptedModels(panel, proxy.baseUrl, [{ modelId: 'noted' }]);
  await activateModel(panel, ids['noted']!);
  await panel.reload();
  await panel.waitForFunction(
    () =>
      document.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')?.disabled ===
      false,
    null,
    { timeout: 15_000 },
  );
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('slash commands and memory', () => {
  it('opens the palette on /, filters as you type, and picks with the keyboard', async () => {
    await input().focus();
    await panel.keyboard.type('/');
    const palette = panel.getByRole('listbox', { name: 'Commands' });
    await expect.poll(() => palette.isVisible()).toBe(true);
    expect(await input().getAttribute('aria-expanded')).toBe('true');
    expect(await palette.getByRole('option').count()).toBe(10);
    await panel.keyboard.type('rem');
    expect(await palette.getByRole('option').allTextContents()).toEqual([
      expect.stringContaining('/remember'),
    ]);
    await panel.keyboard.press('Escape');
    await expect.poll(() => palette.count()).toBe(0);
    await input().fill('');
    await panel.keyboard.type('/');
    await panel.keyboard.press('ArrowDown');
    expect(await input().getAttribute('aria-activedescendant')).toBe('command-option-show-memory');
    await panel.keyboard.press('ArrowUp');
    await panel.keyboard.press('Enter');
    // A command that needs text is filled in, not run.
    expect(await input().inputValue()).toBe('/remember ');
  });

  it('remembers with /remember, sends nothing, and a new chat carries the labelled block', async () => {
    const before = models.requests.length;
    await panel.keyboard.type('I prefer metric units');
    await panel.keyboard.press('Enter');
    await expect
      .poll(() => output().textContent())
      .toMatch(/^Remembered for every chat: .I prefer metric units. \(id m[a-z0-9]+\)\.$/);
    expect(models.requests.length).toBe(before);
    expect(await panel.getByTestId('user-turn').count()).toBe(0);
    // /new runs from the palette with the keyboard (it needs no text).
    await input().fill('');
    await panel.keyboard.type('/ne');
    await panel.keyboard.press('Enter');
    await expect.poll(() => output().textContent()).toBe('Started a new chat.');
    const messages = await answered('How tall is the tower?');
    const system = messages.find((message) => message.role === 'system');
    expect(JSON.stringify(system)).not.toContain('metric');
    const lastUser = JSON.stringify(messages.filter((message) => message.role === 'user').at(-1));
    expect(lastUser).toContain(LABEL);
    expect(lastUser).toContain('I prefer metric units');
    expect(lastUser.indexOf(LABEL)).toBeLessThan(lastUser.indexOf('How tall is the tower?'));
  });

  it('shows memory locally, forgets by id, and the next request has no block', async () => {
    const before = models.requests.length;
    await typeCommand('/show-memory');
    const item = panel.getByTestId('command-records').locator('li');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.textContent()).toContain('I prefer metric units');
    const id = (await item.getAttribute('data-memory-id'))!;
    await typeCommand('/forget-memory nosuchid');
    await expect.poll(() => output().textContent()).toBe('No memory has the id nosuchid.');
    await typeCommand(`/forget-memory ${id}`);
    await expect
      .poll(() => output().textContent())
      .toBe(`Forgot \u201cI prefer metric units\u201d (id ${id}).`);
    await typeCommand('/frobnicate now');
    await expect
      .poll(() => output().textContent())
      .toBe('/frobnicate is not a command. Nothing was sent. Type / to see the commands.');
    expect(models.requests.length).toBe(before);
    const messages = await answered('And the bridge?');
    expect(JSON.stringify(messages)).not.toContain(LABEL);
    expect(JSON.stringify(messages.at(-1))).not.toContain('metric units');
  });

  it('refuses a bad memory file in plain words and keeps what is stored', async () => {
    await panel.getByTestId('settings-toggle').click();
    await panel.getByRole('tab', { name: 'Memory' }).click();
    const list = panel.getByTestId('memory-record');
    await expect.poll(() => list.count()).toBe(1);
    const file = panel.getByTestId('memory-import-file');
    const status = panel.getByTestId('memory-transfer-status');
    await file.setInputFiles({
      name: 'memory.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"not": "an export"'),
    });
    await expect
      .poll(() => status.textContent())
      .toBe('Import refused: That file is not a Side Agent memory export: it is not valid JSON.');
    const hostile = {
      format: 'side-agent-memory',
      version: 1,
      records: [
        {
          id: 'mx1',
          text: '<script>alert(1)</script>',
          kind: 'preference',
          scope: 'global',
          confidence: 1,
          source: 'explicit',
          createdAt: 1,
          updatedAt: 1,
          lastUsedAt: null,
          archivedAt: null,
        },
        {
          id: 'mx2',
          text: 'password: hunter2',
          kind: 'preference',
          scope: 'global',
          confidence: 1,
          source: 'explicit',
          createdAt: 1,
          updatedAt: 1,
          lastUsedAt: null,
          archivedAt: null,
        },
      ],
    };
    await file.setInputFiles({
      name: 'memory.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(hostile)),
    });
    await expect.poll(() => status.textContent()).toContain('Imported 0 memories; skipped 2.');
    expect(await status.textContent()).toContain('markup or script');
    expect(await list.count()).toBe(1);
    expect(await panel.locator('script').filter({ hasText: 'alert(1)' }).count()).toBe(0);
  });

  it('learns a record after a run once auto-learn is on', async () => {
    const learnCalls = () =>
      models.requests.filter((request) =>
        JSON.stringify((request.body as { messages?: unknown[] }).messages?.[0] ?? '').includes(
          'maintain a short memory',
        ),
      ).length;
    expect(learnCalls()).toBe(0);
    await panel.getByTestId('memory-auto-learn').check();
    await panel.getByTestId('memory-save-settings').click();
    await expect.poll(() => panel.getByText('Saved.').count()).toBe(1);
    await panel.getByTestId('settings-toggle').click();
    await answered('Please answer in German from now on');
    await expect.poll(learnCalls, { timeout: 20_000 }).toBe(1);
    await panel.getByTestId('settings-toggle').click();
    await panel.getByRole('tab', { name: 'Memory' }).click();
    const learned = panel
      .getByTestId('memory-record')
      .filter({ hasText: 'Prefers answers in German' });
    await expect.poll(() => learned.count(), { timeout: 15_000 }).toBe(1);
    expect(await learned.textContent()).toContain('suggested');
  });
});
