// The Typst face's panel states: an empty chat on a project, a streamed answer with
// rich Markdown, a diff review waiting for Apply, the applied edit with its Revert,
// the snapshot, + Add and chat history menus, and Settings → Models, Tools, MCP and
// Sessions. The workbench plays typst.app; the scripted model server
// plays the model (behind the CORS proxy, as the e2e tests do).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchExtensionBrowser, type ExtensionBrowser } from '../support/extension-browser';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { shootPanel } from '../support/gallery';
import { startWorkbench } from '../../workbench/server.mjs';
import { makeSelfSignedCert } from '../../workbench/cert.mjs';
import {
  activateModel,
  bridgeConnected,
  freshChatIn,
  saveScriptedModels,
  sendFromComposer as sendFrom,
} from '../support/panel-page';

const ANSWER = [
  '## What I found',
  '',
  'The title page compiles, but **two things** could be better:',
  '',
  '1. The abstract runs past one page.',
  '2. `#set text(lang: "en")` is missing, so hyphenation is off.',
  '',
  '```typst',
  '#set text(lang: "en", size: 11pt)',
  '```',
  '',
  '| Section | Words |',
  '| --- | ---: |',
  '| Abstract | 412 |',
  '| Introduction | 1,280 |',
].join('\n');

let workbench: { port: number; close(): Promise<void> };
let harness: ExtensionBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let panel: Page;
const modelIds: Record<string, string> = {};

async function useModel(name: string): Promise<void> {
  await activateModel(panel, modelIds[name]!);
  await freshChatIn(panel, { siteId: 'typst', projectId: 'thesis' });
}

const send = (text: string) => sendFrom(panel, text);

beforeAll(async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'gallery-typst-'));
  workbench = await startWorkbench({ https: makeSelfSignedCert(path.join(tmp, 'cert')) });
  models = await startModelServer({
    scenario: 'basic-tool-loop',
    scenarios: [
      { name: 'answer', turns: [{ steps: [{ text: ANSWER }] }] },
      {
        name: 'edit',
        turns: [
          {
            steps: [
              { text: 'I will set the document language on line 1.' },
              {
                toolCall: {
                  id: 'call_lang',
                  name: 'replace_lines',
                  arguments: {
                    start_line: 1,
                    end_line: 1,
                    new_content: '#set text(lang: "en", size: 11pt)',
                  },
                },
              },
            ],
          },
          { steps: [{ text: 'Done: the language is set, so hyphenation works.' }] },
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
  const page = await harness.context.newPage();
  await page.goto('https://typst.app/project/thesis');
  await bridgeConnected(page);
  panel = await harness.openPanelTab(await harness.tabIdOf(page));
  Object.assign(
    modelIds,
    await saveScriptedModels(panel, proxy.baseUrl, [
      { name: 'Scripted answer', modelId: 'answer' },
      { name: 'Scripted editor', modelId: 'edit' },
    ]),
  );
}, 120_000);

afterAll(async () => {
  await harness?.close();
  await proxy?.close();
  await models?.close();
  await workbench?.close();
});

describe('Typst face gallery', () => {
  it('an empty chat on a project, then a streamed Markdown answer', async () => {
    await useModel('answer');
    await expect.poll(() => panel.getByTestId('composer-input').isEnabled()).toBe(true);
    await shootPanel(panel, 'typst-empty-chat');
    await send('Is my thesis in good shape?');
    await expect
      .poll(() => panel.getByTestId('assistant-turn').last().textContent(), { timeout: 15_000 })
      .toContain('Introduction');
    await shootPanel(panel, 'typst-answer');
  });

  it('a diff review waiting for Apply, then the applied edit', async () => {
    await useModel('edit');
    await send('Set the document language.');
    const apply = panel.getByRole('button', { name: /^Apply/ }).first();
    await expect.poll(() => apply.isVisible(), { timeout: 20_000 }).toBe(true);
    await shootPanel(panel, 'typst-review-pending');
    await apply.click();
    await expect
      .poll(() => panel.getByTestId('assistant-turn').last().textContent(), { timeout: 20_000 })
      .toContain('hyphenation works');
    await shootPanel(panel, 'typst-edit-applied');
  });

  it('the snapshot menu, the + Add menu and the chat history', async () => {
    await panel.getByTestId('snapshot-toggle').click();
    await panel.getByTestId('snapshot-item').first().waitFor();
    await panel.getByTestId('snapshot-item').first().getByRole('button').click();
    await panel.getByTestId('snapshot-preview').waitFor();
    await shootPanel(panel, 'typst-snapshot-menu');
    await panel.getByTestId('snapshot-toggle').click();
    await panel.getByTestId('add-button').click();
    await panel.getByTestId('add-menu').waitFor();
    await shootPanel(panel, 'typst-add-menu');
    await panel.keyboard.press('Escape');
    await panel.getByTestId('session-menu-button').click();
    await panel.getByTestId('chat-row').first().waitFor();
    await shootPanel(panel, 'chat-history');
    await panel.getByTestId('session-menu-button').click();
  });

  it('Settings → Models', async () => {
    await panel.getByTestId('settings-toggle').click();
    await panel.getByRole('tablist', { name: 'Settings sections' }).waitFor();
    await panel.getByRole('tab', { name: 'Models' }).click();
    await expect.poll(() => panel.getByTestId('model-row').count()).toBe(2);
    await shootPanel(panel, 'settings-models');
    await panel.getByRole('tab', { name: 'Tools' }).click();
    await shootPanel(panel, 'settings-tools', { height: 1100 });
    await panel.getByRole('tab', { name: 'MCP' }).click();
    await shootPanel(panel, 'settings-mcp', { height: 1100 });
    await panel.getByRole('tab', { name: 'Sessions' }).click();
    await panel.getByTestId('project-group').first().waitFor();
    await shootPanel(panel, 'settings-sessions');
    await panel.getByTestId('settings-toggle').click();
  });
});
