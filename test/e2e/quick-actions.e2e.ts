// Quick actions in real Chromium: the person selects a line of main.typ on the
// workbench (served as https://typst.app), clicks "Improve wording" in the floating
// toolbar with a trusted mouse click, and the panel serving that tab sends the action
// as a normal run. The scripted model rewrites that line with replace_lines;
// the panel shows the reviewed diff for exactly that line, and Apply commits it. The
// model was told which action on which line, with the line's text only as an
// untrusted attachment. The toolbar lives in a closed shadow root, so the test finds
// its buttons through CDP's piercing DOM and clicks their centre with the real mouse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { launchExtensionBrowser, type ExtensionBrowser } from '../support/extension-browser';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { activateModel, bridgeConnected, saveScriptedModels } from '../support/panel-page';
import { makeSelfSignedCert } from '../../workbench/cert.mjs';
import { startWorkbench, type RunningWorkbench } from '../../workbench/server.mjs';
import './support/workbench-browser';

const FIRST = 'this line is wrote bad and need help';
const IMPROVED = 'This line is badly written and needs help.';
const REST = ['', 'Second paragraph stays as it is.', ''].join('\n');

let workbench: RunningWorkbench;
let models: ModelServer;
let proxy: CorsProxy;
let harness: ExtensionBrowser;
let page: Page;
let pageCdp: CDPSession;
let panel: Page;

interface DomNode {
  readonly backendNodeId: number;
  readonly attributes?: string[];
  readonly children?: DomNode[];
  readonly shadowRoots?: DomNode[];
}

function findByAttribute(
  node: DomNode,
  name: string,
  value: string | ((value: string) => boolean),
): DomNode | null {
  const attributes = node.attributes ?? [];
  const matches = typeof value === 'string' ? (seen: string) => seen === value : value;
  for (let index = 0; index < attributes.length; index += 2)
    if (attributes[index] === name && matches(attributes[index + 1] ?? '')) return node;
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) {
    const found = findByAttribute(child, name, value);
    if (found) return found;
  }
  return null;
}

/** Centre of a toolbar button (closed shadow root included), or null while hidden. */
async function actionCentre(
  action: string | ((action: string) => boolean),
): Promise<{ x: number; y: number } | null> {
  const { root } = (await pageCdp.send('DOM.getDocument', { depth: -1, pierce: true })) as {
    root: DomNode;
  };
  const node = findByAttribute(root, 'data-action', action);
  if (!node) return null;
  try {
    const { model } = (await pageCdp.send('DOM.getBoxModel', {
      backendNodeId: node.backendNodeId,
    })) as { model: { border: number[] } };
    const [x1 = 0, y1 = 0, , , x3 = 0, y3 = 0] = model.border;
    return { x: (x1 + x3) / 2, y: (y1 + y3) / 2 };
  } catch {
    return null;
  }
}

beforeAll(async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'quick-actions-'));
  workbench = await startWorkbench({ https: makeSelfSignedCert(path.join(tmp, 'cert')) });
  models = await startModelServer({
    scenario: 'basic-tool-loop',
    scenarios: [
      {
        name: 'improve-line',
        turns: [
          {
            steps: [
              { text: 'Improving line 1.' },
              {
                toolCall: {
                  id: 'call_improve',
                  name: 'replace_lines',
                  arguments: { start_line: 1, end_line: 1, new_content: IMPROVED },
                },
              },
            ],
          },
          { steps: [{ text: 'Line 1 now reads better.' }] },
        ],
      },
    ],
  });
  proxy = await startCorsProxy(models.port);
  harness = await launchExtensionBrowser({
    typstPort: workbench.port,
    hostRules: ['EXCLUDE 127.0.0.1'],
  });
  await harness.waitForStartup();
  page = await harness.context.newPage();
  await page.goto('https://typst.app/project/thesis');
  await page.evaluate(() => window.__workbench.ready);
  await bridgeConnected(page);
  // The panel in a tab serving the workbench tab: headless Chromium opens no real side
  // panel here, and every panel serving the clicked tab in its window gets the click.
  panel = await harness.openPanelTab(await harness.tabIdOf(page));
  const ids = await saveScriptedModels(panel, proxy.baseUrl, [{ modelId: 'improve-line' }]);
  await activateModel(panel, ids['improve-line']!);
  await panel.reload();
  await panel.getByTestId('composer-input').waitFor({ timeout: 15_000 });
  // Frames (and so the toolbar's anchors) run only in the tab in front.
  await page.bringToFront();
  await page.evaluate(() => window.__workbench.openFile('main.typ'));
  await page.evaluate((text) => window.__workbench.setText('main.typ', text), `${FIRST}\n${REST}`);
  pageCdp = await page.context().newCDPSession(page);
}, 120_000);

afterAll(async () => {
  await harness?.close();
  await proxy?.close();
  await models?.close();
  await workbench?.close();
});

describe('quick actions on typst.app', () => {
  it('Improve wording on a selected line ends in a reviewed diff of that line, which applies', async () => {
    await page.click('.cm-content');
    await page.keyboard.press('Control+Home');
    expect(await actionCentre('improve')).toBeNull();
    await page.keyboard.press('Shift+End');
    await expect.poll(() => actionCentre('improve'), { timeout: 15_000 }).not.toBeNull();
    const centre = (await actionCentre('improve'))!;
    await page.mouse.click(centre.x, centre.y);

    const review = () =>
      panel.evaluate(() => {
        const element = document.querySelector('[data-testid="diff-review"]');
        if (!element) return null;
        const texts = (selector: string) =>
          [...element.querySelectorAll(selector)].map((node) => node.textContent ?? '');
        return {
          deleted: texts('.diff-delete .diff-text'),
          inserted: texts('.diff-insert .diff-text'),
        };
      });
    await expect.poll(review, { timeout: 30_000, interval: 200 }).not.toBeNull();
    expect(await review()).toEqual({ deleted: [FIRST], inserted: [IMPROVED] });
    // Nothing changed before the person applies.
    expect(await page.evaluate(() => window.__workbench.getText('main.typ'))).toBe(
      `${FIRST}\n${REST}`,
    );

    // What the model was told: the action and the line in the person's message, the
    // line's text only inside the untrusted selection attachment.
    const first = models.requests.find((request) => request.scenario === 'improve-line');
    const messages = JSON.stringify(first?.body?.messages ?? []);
    expect(messages).toContain('Quick action \u201cImprove wording\u201d on line 1.');
    expect(messages).toContain('[Untrusted attachment: selection');
    expect(messages).toContain(FIRST);

    await panel.bringToFront();
    await panel.getByTestId('apply').click();
    await expect
      .poll(() => page.evaluate(() => window.__workbench.getText('main.typ')), {
        timeout: 20_000,
      })
      .toBe(`${IMPROVED}\n${REST}`);
    const answer = panel.getByTestId('assistant-turn').last();
    await expect
      .poll(() => answer.textContent().catch(() => ''), { timeout: 20_000 })
      .toContain('Line 1 now reads better.');
  });

  it('takes the toolbar away when the selection is cleared', async () => {
    await page.bringToFront();
    await page.click('.cm-content');
    await page.keyboard.press('Control+End');
    await expect.poll(() => actionCentre('improve'), { timeout: 15_000 }).toBeNull();
  });

  it('shows an action the person adds in Settings on the open page, without a reload', async () => {
    const custom = (action: string) => action.startsWith('custom:');
    await panel.bringToFront();
    await panel.getByTestId('settings-toggle').click();
    await panel.getByRole('tab', { name: 'Quick actions' }).click();
    await panel.getByTestId('quick-action-add').click();
    await panel.getByTestId('quick-action-name').last().fill('Shorten');
    await panel.getByTestId('quick-action-template').last().fill('Shorten this: {{selection}}');
    await panel.getByTestId('quick-actions-save').click();
    const status = panel.locator('.sa-actions [role="status"]').last();
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Saved.');

    await page.bringToFront();
    await page.click('.cm-content');
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Shift+End');
    await expect.poll(() => actionCentre('improve'), { timeout: 15_000 }).not.toBeNull();
    await expect.poll(() => actionCentre(custom), { timeout: 15_000 }).not.toBeNull();
  });
});
