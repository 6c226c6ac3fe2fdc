// Span edits end to end: the scripted model rewrites a 400-line span of main.typ on
// the workbench with `replace_lines`, and another 200-line span with `search_replace`,
// changing only three and two of its lines. The real panel (in a tab, serving the
// workbench tab by ?tabId=) must show exactly those lines with their context, not the
// whole span deleted and added again; so must the read-only overlay over the editor.
// Applying commits the model's one change, and the document is exactly the new text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchExtensionBrowser, type ExtensionBrowser } from '../support/extension-browser';
import {
  startModelServer,
  type ModelServer,
  type Scenario,
  type ScenarioToolCall,
} from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import {
  activateModel,
  bridgeConnected,
  freshChatIn,
  saveScriptedModels,
  sendFromComposer,
} from '../support/panel-page';
import { startWorkbench } from '../../workbench/server.mjs';
import { makeSelfSignedCert } from '../../workbench/cert.mjs';
import './support/workbench-browser';

const OVERLAY = '#side-agent-review-overlay';
const OLD_LINES = Array.from({ length: 400 }, (_, index) => `Line ${index + 1} of the long span.`);
const OLD_TEXT = OLD_LINES.join('\n');

/** `lines` with the given 1-based lines rewritten. */
function rewrite(lines: readonly string[], changed: readonly number[]): string[] {
  return lines.map((line, index) => (changed.includes(index + 1) ? `${line} Rewritten.` : line));
}

const REPLACED = rewrite(OLD_LINES, [50, 200, 350]);
const SEARCHED = OLD_LINES.slice(99, 300);
const SEARCH_RESULT = rewrite(OLD_LINES, [120, 260]);

let workbench: { port: number; close(): Promise<void> };
let harness: ExtensionBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let page: Page;
let panel: Page;
const modelIds: Record<string, string> = {};

function spanScenario(name: string, toolCall: ScenarioToolCall): Scenario {
  return {
    name,
    turns: [
      { steps: [{ text: 'I will rewrite the span.' }, { toolCall }] },
      { steps: [{ text: 'Done: the span is rewritten.' }] },
    ],
  };
}

beforeAll(async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'span-edit-'));
  workbench = await startWorkbench({ https: makeSelfSignedCert(path.join(tmp, 'cert')) });
  models = await startModelServer({
    scenario: 'basic-tool-loop',
    scenarios: [
      spanScenario('span-replace', {
        id: 'call_span',
        name: 'replace_lines',
        arguments: { start_line: 1, end_line: 400, new_content: REPLACED.join('\n') },
      }),
      spanScenario('span-search', {
        id: 'call_search',
        name: 'search_replace',
        arguments: {
          search: SEARCHED.join('\n'),
          replace: SEARCH_RESULT.slice(99, 300).join('\n'),
        },
      }),
    ],
  });
  // Behind the CORS proxy as in panel-chat.e2e.ts: the worker reaches loopback
  // without an optional host-permission prompt headless Chromium cannot answer.
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
  panel = await harness.openPanelTab(await harness.tabIdOf(page));
  Object.assign(
    modelIds,
    await saveScriptedModels(panel, proxy.baseUrl, [
      { modelId: 'span-replace' },
      { modelId: 'span-search' },
    ]),
  );
}, 120_000);

afterAll(async () => {
  await harness?.close();
  await proxy?.close();
  await models?.close();
  await workbench?.close();
});

/** The rows of the panel's review, by kind, and its header and hunk headers. */
async function reviewShape() {
  const review = panel.getByTestId('diff-review');
  await expect.poll(() => review.count(), { timeout: 20_000 }).toBe(1);
  return review.evaluate((element) => {
    const texts = (selector: string) =>
      Array.from(element.querySelectorAll(selector), (node) => node.textContent ?? '');
    return {
      header: element.querySelector('.review-head')?.textContent ?? '',
      hunks: texts('.diff-hunk-head'),
      deleted: texts('.diff-delete .diff-text'),
      inserted: texts('.diff-insert .diff-text'),
      context: texts('.diff-context .diff-text').length,
    };
  });
}

describe.each([
  ['span-replace', REPLACED, [50, 200, 350], 'Line 120 of the long span.'],
  ['span-search', SEARCH_RESULT, [120, 260], 'Line 200 of the long span.'],
] as const)('a %s edit over a long span in the real panel', (name, expected, changed, far) => {
  it('shows only the changed lines with context, in the panel and over the editor, and applies', async () => {
    await page.evaluate(() => window.__workbench.openFile('main.typ'));
    await page.evaluate((text) => window.__workbench.setText('main.typ', text), OLD_TEXT);
    await activateModel(panel, modelIds[name]!);
    await freshChatIn(panel, { siteId: 'typst', projectId: 'thesis' });
    const input = panel.getByTestId('composer-input');
    await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await panel.getByTestId('edit-mode').inputValue()).toBe('ask');
    await sendFromComposer(panel, 'Rewrite the long span.');

    const shape = await reviewShape();
    expect(shape.header).toContain(`+${changed.length}`);
    expect(shape.header).toContain(`\u2212${changed.length}`);
    expect(shape.deleted).toEqual(changed.map((line) => OLD_LINES[line - 1]));
    expect(shape.inserted).toEqual(changed.map((line) => expected[line - 1]));
    expect(shape.hunks).toEqual(changed.map((line) => `@@ -${line - 3},7 +${line - 3},7 @@`));
    expect(shape.context).toBe(6 * changed.length);

    await page.waitForSelector(OVERLAY, { timeout: 10_000 });
    const overlay = (await page.textContent(OVERLAY)) ?? '';
    expect(overlay).toContain(`${expected[(changed[0] as number) - 1]}`);
    expect(overlay).not.toContain(far);
    expect(await page.evaluate(() => window.__workbench.getText('main.typ'))).toBe(OLD_TEXT);

    await panel.keyboard.press('Control+Enter');
    const answer = panel.getByTestId('assistant-turn').last();
    await expect
      .poll(() => answer.textContent().catch(() => ''), { timeout: 30_000 })
      .toContain('Done: the span is rewritten.');
    expect(await answer.getAttribute('data-status')).toBe('complete');
    expect(await page.evaluate(() => window.__workbench.getText('main.typ'))).toBe(
      expected.join('\n'),
    );
    expect(await page.$(OVERLAY)).toBeNull();
  });
});
