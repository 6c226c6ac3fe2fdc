// The syntax check end to end on the workbench: the scripted model's first edit
// leaves `#let x = (` unclosed. The worker parses the proposed document with the
// packaged Typst parser (wasm in the service worker), sends the edit back to the model
// with the error's line and column, and only the model's corrected second edit reaches
// the person: one diff in the real panel, the correct one, and a note on its card that
// a syntax error was fixed before review.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchExtensionBrowser, type ExtensionBrowser } from '../support/extension-browser';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { startWorkbench } from '../../workbench/server.mjs';
import { makeSelfSignedCert } from '../../workbench/cert.mjs';
import './support/workbench-browser';

const MODEL = 'syntax-fix';
const BEFORE = '= Syntax\nOld line\nEnd.';
const AFTER = '= Syntax\n#let x = (1, 2)\nEnd.';

let workbench: { port: number; close(): Promise<void> };
let harness: ExtensionBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let page: Page;
let panel: Page;

async function request(message: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = (await panel.evaluate(
    (envelope) => chrome.runtime.sendMessage({ requestId: crypto.randomUUID(), ...envelope }),
    message,
  )) as { ok: boolean; data: Record<string, unknown>; error?: unknown };
  if (!response.ok) throw new Error(JSON.stringify(response.error));
  return response.data;
}

const replaceLine2 = (id: string, content: string) => ({
  toolCall: {
    id,
    name: 'replace_lines',
    arguments: { start_line: 2, end_line: 2, new_content: content },
  },
});

beforeAll(async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'typst-syntax-'));
  workbench = await startWorkbench({ https: makeSelfSignedCert(path.join(tmp, 'cert')) });
  models = await startModelServer({
    scenario: 'basic-tool-loop',
    scenarios: [
      {
        name: MODEL,
        turns: [
          { steps: [{ text: 'I will define x.' }, replaceLine2('call_unclosed', '#let x = (')] },
          { steps: [replaceLine2('call_fixed', '#let x = (1, 2)')] },
          { steps: [{ text: 'Done: x is defined.' }] },
        ],
      },
    ],
  });
  // Behind the CORS proxy as in span-edit.e2e.ts: the worker reaches loopback without
  // an optional host-permission prompt headless Chromium cannot answer.
  proxy = await startCorsProxy(models.port);
  harness = await launchExtensionBrowser({
    typstPort: workbench.port,
    hostRules: ['EXCLUDE 127.0.0.1'],
  });
  await harness.waitForStartup();
  page = await harness.context.newPage();
  await page.goto('https://typst.app/project/thesis');
  await page.evaluate(() => window.__workbench.ready);
  await page.waitForFunction(
    () => document.documentElement.dataset['sideAgentBridge'] === 'connected',
    null,
    { timeout: 20_000 },
  );
  panel = await harness.openPanelTab(await harness.tabIdOf(page));
  const view = await request({
    type: 'settings/save-model',
    payload: {
      model: {
        name: MODEL,
        kind: 'openai-compatible',
        baseUrl: proxy.baseUrl,
        modelId: MODEL,
        supportsVision: false,
        reasoningEffort: 'default',
        contextWindow: 128_000,
        insecureOriginAcknowledged: null,
        apiKey: '',
      },
    },
  });
  const modelId = (view['models'] as { id: string; modelId: string }[])
    .filter((model) => model.modelId === MODEL)
    .at(-1)!.id;
  await request({ type: 'settings/save-general', payload: { patch: { activeModelId: modelId } } });
}, 120_000);

afterAll(async () => {
  await harness?.close();
  await proxy?.close();
  await models?.close();
  await workbench?.close();
});

describe('an edit that would add a syntax error', () => {
  it('goes back to the model first; the person reviews only the corrected edit, with a note', async () => {
    await page.evaluate(() => window.__workbench.openFile('main.typ'));
    await page.evaluate((text) => window.__workbench.setText('main.typ', text), BEFORE);
    await request({
      type: 'session/create',
      payload: { scope: { siteId: 'typst', projectId: 'thesis' } },
    });
    await panel.reload();
    const input = panel.getByTestId('composer-input');
    await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await panel.getByTestId('edit-mode').inputValue()).toBe('ask');
    // Every diff row the panel ever draws, so a review shown and replaced is seen too.
    await panel.evaluate(() => {
      const seen: string[] = [];
      (globalThis as unknown as { __insertedRows: string[] }).__insertedRows = seen;
      new MutationObserver(() => {
        for (const row of document.querySelectorAll('.diff-insert .diff-text')) {
          const text = row.textContent ?? '';
          if (!seen.includes(text)) seen.push(text);
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await input.fill('Define x as a pair.');
    await input.press('Enter');

    const review = panel.getByTestId('diff-review');
    await expect.poll(() => review.count(), { timeout: 30_000 }).toBe(1);
    expect(await review.locator('.diff-insert .diff-text').allTextContents()).toEqual([
      '#let x = (1, 2)',
    ]);
    expect(await review.locator('.diff-delete .diff-text').allTextContents()).toEqual(['Old line']);

    // The model got the error back as the first call's result, with where it is.
    const second = models.requests.find((entry) =>
      JSON.stringify(entry.body).includes('call_unclosed'),
    );
    const toolMessage = (
      second?.body as { messages?: { tool_call_id?: string; content?: string }[] }
    )?.messages?.find((message) => message.tool_call_id === 'call_unclosed');
    const result = JSON.parse(toolMessage?.content ?? '{}') as {
      ok: boolean;
      code: string;
      message: string;
    };
    expect(result.ok).toBe(false);
    expect(result.code).toBe('EDIT_SYNTAX_ERROR');
    expect(result.message).toContain('line 2, column 10: unclosed delimiter');

    await panel.keyboard.press('Control+Enter');
    const answer = panel.getByTestId('assistant-turn').last();
    await expect
      .poll(() => answer.textContent().catch(() => ''), { timeout: 30_000 })
      .toContain('Done: x is defined.');
    expect(await page.evaluate(() => window.__workbench.getText('main.typ'))).toBe(AFTER);
    const card = answer.locator('[data-call-id="call_fixed"] .tool-summary');
    expect(await card.textContent()).toContain('Fixed 1 syntax error before review.');
    // The edit sent back is not a failure the person has to act on: it says what happened.
    const sentBack = answer.locator('[data-call-id="call_unclosed"]');
    expect(await sentBack.getByTestId('tool-status').textContent()).toBe('Not done');
    expect(await sentBack.getByTestId('tool-refusal').textContent()).toContain(
      'Sent back to the model: the edit would add',
    );
    expect(
      await panel.evaluate(
        () => (globalThis as unknown as { __insertedRows: string[] }).__insertedRows,
      ),
    ).toEqual(['#let x = (1, 2)']);
  });
});
