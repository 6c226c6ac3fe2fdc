// End to end: a scripted Typst conversation in real Chromium through
// the real side panel page (in a tab, serving the workbench tab by ?tabId=), the real
// MV3 worker and agent core, the real OpenAI-compatible adapter and the scripted model
// server (scenarios/typst-conversation.json). The agent reads the structure, asks the
// person to open chapters/intro.typ (this test clicks the Files row when the panel
// shows the wait), reads it, fixes the compile error this test injected with
// replace_lines in Ask mode (diff in the panel AND the read-only overlay over the
// editor; Ctrl+Enter applies), then reads diagnostics showing the error gone. On both
// CodeMirror variants of the workbench, in one browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  launchExtensionBrowser,
  REPO_ROOT,
  type ExtensionBrowser,
} from '../support/extension-browser';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { startWorkbench } from '../../workbench/server.mjs';
import { makeSelfSignedCert } from '../../workbench/cert.mjs';
import './support/workbench-browser';
import {
  activateModel,
  bridgeConnected,
  panelRequest,
  saveScriptedModels,
} from '../support/panel-page';

// The scenario's line numbers refer to this file: line 5 is `#lorem(200)`, which the
// test breaks into `#lorem(200` (an unclosed delimiter, a compile error).
const INTRO = readFileSync(
  path.join(REPO_ROOT, 'workbench/project/thesis/chapters/intro.typ'),
  'utf8',
);
const BROKEN = INTRO.replace('#lorem(200)\n', '#lorem(200\n');
const OVERLAY = '#side-agent-review-overlay';

let workbench: { port: number; close(): Promise<void> };
let harness: ExtensionBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let helper: Page;

const request = panelRequest;

/** The tool message the worker sent the model for `callId`, from the newest request of `sessionStart` on. */
function toolResult(callId: string, sessionStart: number): string {
  for (const recorded of models.requests.slice(sessionStart).reverse()) {
    const messages =
      (recorded.body as { messages?: { role: string; tool_call_id?: string; content?: unknown }[] })
        .messages ?? [];
    const found = messages.find(
      (message) => message.role === 'tool' && message.tool_call_id === callId,
    );
    if (found)
      return typeof found.content === 'string' ? found.content : JSON.stringify(found.content);
  }
  throw new Error(`No tool result for ${callId} reached the model.`);
}

beforeAll(async () => {
  expect(BROKEN).not.toBe(INTRO);
  expect(INTRO.split('\n')[4]).toBe('#lorem(200)');
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'typst-conversation-'));
  workbench = await startWorkbench({ https: makeSelfSignedCert(path.join(tmp, 'cert')) });
  models = await startModelServer({ scenario: 'typst-conversation' });
  // Behind the CORS proxy as in panel-chat.e2e.ts: the worker reaches loopback
  // without an optional host-permission prompt headless Chromium cannot answer.
  proxy = await startCorsProxy(models.port);
  harness = await launchExtensionBrowser({
    typstPort: workbench.port,
    hostRules: ['EXCLUDE 127.0.0.1'],
  });
  await harness.waitForStartup();
  helper = await harness.openPanelTab();
  const ids = await saveScriptedModels(helper, proxy.baseUrl, [
    { name: 'Scripted', modelId: 'scripted-model' },
  ]);
  await activateModel(helper, ids['scripted-model']!);
}, 120_000);

afterAll(async () => {
  await harness?.close();
  await proxy?.close();
  await models?.close();
  await workbench?.close();
});

describe.each([
  ['current', ''],
  ['legacy', '?cm=legacy'],
])('the Typst conversation through the real panel (%s CodeMirror)', (variant, query) => {
  let page: Page;
  let panel: Page;

  beforeAll(async () => {
    page = await harness.context.newPage();
    await page.goto(`https://typst.app/project/thesis${query}`);
    await page.evaluate(() => window.__workbench.ready);
    await bridgeConnected(page);
    expect(await page.evaluate(() => window.__workbench.cmVariant)).toBe(variant);
    // The person is on main.typ; the compile error is in the included intro.
    await page.evaluate(() => window.__workbench.openFile('main.typ'));
    await page.evaluate((text) => window.__workbench.setText('chapters/intro.typ', text), BROKEN);
    const compiled = await page.evaluate(() => window.__workbench.whenCompiled());
    expect(compiled.diagnostics.some((diagnostic) => diagnostic.severity === 'error')).toBe(true);
    // A fresh chat: the server picks the turn by the number of assistant messages.
    await request(helper, {
      type: 'session/create',
      payload: { scope: { siteId: 'typst', projectId: 'thesis' } },
    });
    panel = await harness.openPanelTab(await harness.tabIdOf(page));
  });

  afterAll(async () => {
    await panel?.close();
    await page?.close();
  });

  it('reads the structure, opens intro.typ, reads it, fixes the error with a reviewed diff and sees the diagnostics clear', async () => {
    const sessionStart = models.requests.length;
    const input = panel.getByTestId('composer-input');
    await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await panel.getByTestId('edit-mode').inputValue()).toBe('ask');
    await input.fill('The project does not compile. Please fix the error in the introduction.');
    await input.press('Enter');

    // open_project_file waits for the person; the panel says what to do.
    const wait = panel.getByTestId('page-wait');
    await expect
      .poll(() => wait.textContent().catch(() => ''), { timeout: 20_000 })
      .toContain('Open chapters/intro.typ in the Files panel.');
    // As a person would: expand the collapsed chapters folder, then click the file.
    const folder = page.getByRole('button', { name: 'chapters' });
    if ((await folder.getAttribute('aria-expanded')) !== 'true') await folder.click();
    await page.getByRole('button', { name: 'intro.typ' }).click();

    // replace_lines in Ask mode: the diff in the panel and the overlay over the editor.
    const review = panel.getByTestId('diff-review');
    await expect.poll(() => review.count(), { timeout: 20_000 }).toBe(1);
    const diffText = (await review.textContent()) ?? '';
    expect(diffText).toContain('chapters/intro.typ');
    expect(diffText).toContain('#lorem(200)');
    expect(diffText).toContain('+1');
    expect(diffText).toContain('\u22121');
    expect(diffText).toContain('@@ -2,7 +2,7 @@');
    await page.waitForSelector(OVERLAY, { timeout: 10_000 });
    const overlay = await page.evaluate((selector) => {
      const element = document.querySelector(selector);
      const box = element?.getBoundingClientRect();
      return {
        outsideEditor: element !== null && !document.querySelector('.cm-editor')?.contains(element),
        text: element?.textContent ?? '',
        visible: box !== undefined && box.width > 0 && box.height > 0,
      };
    }, OVERLAY);
    expect(overlay).toMatchObject({ outsideEditor: true, visible: true });
    expect(overlay.text).toContain('#lorem(200)');
    // Nothing is written before the person applies.
    expect(await page.evaluate(() => window.__workbench.getText('chapters/intro.typ'))).toBe(
      BROKEN,
    );

    await panel.keyboard.press('Control+Enter');

    const answer = panel.getByTestId('assistant-turn').last();
    await expect
      .poll(() => answer.textContent().catch(() => ''), { timeout: 30_000 })
      .toContain('compiles without errors');
    expect(await answer.getAttribute('data-status')).toBe('complete');
    const transcript = (await answer.textContent()) ?? '';
    for (const tool of [
      'read_file_structure',
      'open_project_file',
      'read_document',
      'replace_lines',
      'read_diagnostics',
    ])
      expect(transcript).toContain(tool);
    expect(await review.count()).toBe(0);
    expect(await page.$(OVERLAY)).toBeNull();

    // The document is fixed in the editor, and the compiler agrees.
    expect(await page.evaluate(() => window.__workbench.getText('chapters/intro.typ'))).toBe(INTRO);
    const after = await page.evaluate(() => window.__workbench.whenCompiled());
    expect(after.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);

    // What the model was told at each step (the model server's recorded requests).
    // The chapters folder is collapsed, and the structure says so honestly.
    const structure = toolResult('call_structure', sessionStart);
    expect(structure).toContain('"collapsed_folders":["chapters","images"]');
    expect(structure).toContain('"complete":false');
    expect(toolResult('call_open', sessionStart)).toContain('"active_file":"chapters/intro.typ"');
    expect(toolResult('call_read', sessionStart)).toContain(' 5|#lorem(200\\n');
    const fix = toolResult('call_fix', sessionStart);
    expect(fix).toContain('"reviewed_diff":true');
    expect(fix).toContain('"edits_applied":1');
    const check = toolResult('call_check', sessionStart);
    expect(check).toContain('"error_count":0');
    // Six rounds of the conversation; the chat's naming call (no tools) is not one.
    const rounds = models.requests
      .slice(sessionStart)
      .filter((seen) => ((seen.body as { tools?: unknown[] }).tools ?? []).length > 0);
    expect(rounds).toHaveLength(6);
  });
});
