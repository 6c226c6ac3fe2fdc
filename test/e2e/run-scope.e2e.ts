// Runs stay on their document, end to end on the workbench through the real panel:
// an Auto run whose tab moves to another project mid-run pauses before its edit, shows
// why with Retry and Stop, and edits nothing in the other project; a run whose page is
// reloaded mid-run is refused by the reloaded page's relay (its requests are pinned to
// the document the run started on), pauses, and after Retry goes on with the page as
// it is now. The scripted model delays its edit so the test can move the tab first.
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
import {
  activateModel,
  bridgeConnected,
  panelRequest,
  saveScriptedModels,
} from '../support/panel-page';

const EDIT_DELAY_MS = 2_500;
let workbench: { port: number; close(): Promise<void> };
let harness: ExtensionBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let helper: Page;

const request = panelRequest;

/** Reads main.typ, then (after a pause the test uses) replaces its first line. */
const scenario = (name: string) => ({
  name,
  models: ['scripted-model'],
  turns: [
    { steps: [{ toolCall: { id: `${name}-read`, name: 'read_document', arguments: {} } }] },
    {
      firstByteDelayMs: EDIT_DELAY_MS,
      steps: [
        {
          toolCall: {
            id: `${name}-edit`,
            name: 'replace_lines',
            arguments: { start_line: 1, end_line: 1, new_content: '// EDITED BY THE RUN' },
          },
        },
      ],
    },
    { steps: [{ text: 'Done.' }] },
  ],
});

async function openThesis(): Promise<{ page: Page; panel: Page }> {
  const page = await harness.context.newPage();
  await page.goto('https://typst.app/project/thesis');
  await page.evaluate(() => window.__workbench.ready);
  await bridgeConnected(page);
  await page.evaluate(() => window.__workbench.openFile('main.typ'));
  await request(helper, {
    type: 'session/create',
    payload: { scope: { siteId: 'typst', projectId: 'thesis' } },
  });
  const panel = await harness.openPanelTab(await harness.tabIdOf(page));
  await expect
    .poll(() => panel.getByTestId('composer-input').isEnabled(), { timeout: 15_000 })
    .toBe(true);
  await panel.getByTestId('edit-mode').selectOption('auto');
  return { page, panel };
}

/** Sends `text` and resolves once the model was asked for the (delayed) edit turn. */
async function sendAndWaitForEditTurn(panel: Page, text: string) {
  const before = models.requests.length;
  await panel.getByTestId('composer-input').fill(text);
  await panel.getByTestId('composer-input').press('Enter');
  await expect
    .poll(() => models.requests.slice(before).filter((entry) => entry.turnIndex === 1).length, {
      timeout: 20_000,
    })
    .toBe(1);
}

beforeAll(async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'run-scope-'));
  workbench = await startWorkbench({ https: makeSelfSignedCert(path.join(tmp, 'cert')) });
  models = await startModelServer({ scenario: scenario('moved') });
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

describe('runs stay on their document', () => {
  it('an Auto run whose tab moves to another project pauses and edits nothing there', async () => {
    await models.setScenario(scenario('moved'));
    const { page, panel } = await openThesis();
    const thesisBefore = await page.evaluate(() => window.__workbench.getText('main.typ'));
    await sendAndWaitForEditTurn(panel, 'Please rewrite the first line.');
    // The person opens another project in the same tab while the model is thinking.
    await page.evaluate(() => window.__workbench.switchProject('notes'));
    const notesBefore = await page.evaluate(() => window.__workbench.getText('main.typ'));
    const pause = panel.getByTestId('scope-wait');
    await expect
      .poll(() => pause.textContent().catch(() => ''), { timeout: 20_000 })
      .toContain('another page than the one this run works on');
    // Paused, and still paused a moment later: nothing was written meanwhile.
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.__workbench.getText('main.typ'))).toBe(notesBefore);
    await pause.getByTestId('stop-run').click();
    await expect.poll(() => pause.count(), { timeout: 10_000 }).toBe(0);
    expect(await page.evaluate(() => window.__workbench.getText('main.typ'))).toBe(notesBefore);
    // Back in the run's project: its document is unchanged too, and no revert entry exists.
    await page.evaluate(() => window.__workbench.switchProject('thesis'));
    expect(await page.evaluate(() => window.__workbench.getText('main.typ'))).toBe(thesisBefore);
    await panel.close();
    await page.close();
  });

  it('a reload mid-run is refused by the new page, pauses, and Retry goes on with the page as it is now', async () => {
    await models.setScenario(scenario('reloaded'));
    const { page, panel } = await openThesis();
    await sendAndWaitForEditTurn(panel, 'Please rewrite the first line.');
    await page.reload();
    await page.evaluate(() => window.__workbench.ready);
    await bridgeConnected(page);
    await page.evaluate(() => window.__workbench.openFile('main.typ'));
    const pause = panel.getByTestId('scope-wait');
    await expect
      .poll(() => pause.textContent().catch(() => ''), { timeout: 20_000 })
      .toContain('reloaded or left since the run started');
    expect(await page.evaluate(() => window.__workbench.getText('main.typ'))).not.toContain(
      'EDITED BY THE RUN',
    );
    await pause.getByTestId('retry').click();
    await expect
      .poll(() => page.evaluate(() => window.__workbench.getText('main.typ')), { timeout: 20_000 })
      .toContain('// EDITED BY THE RUN');
    await expect
      .poll(() => panel.getByTestId('assistant-turn').last().textContent(), { timeout: 20_000 })
      .toContain('Done.');
    await panel.close();
    await page.close();
  });
});
