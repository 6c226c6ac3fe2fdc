// A real published MCP server (@modelcontextprotocol/server-everything over
// Streamable HTTP, started here) configured through the real Settings UI of the
// panel in real Chromium, then a scripted conversation calls every tool it lists:
// the long-running one shows its progress on the tool's row and completes, the
// elicitation one shows its form in the panel and gets the person's answer, and
// the task-only one comes back as an explained error. No call hangs the run.
// The permission prompt and CORS are handled as in integrations.e2e.ts (see there).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { launchExtensionBrowser, type ExtensionBrowser } from '../support/extension-browser';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { startWorkbench } from '../../workbench/server.mjs';
import { makeSelfSignedCert } from '../../workbench/cert.mjs';
import { mcpVisibleName } from '../../src/worker/integrations/trust-fingerprint';
import { freshChat, openSettingsTab, send, useScriptedModel } from './support/integrations-panel';
import { bridgeConnected } from '../support/panel-page';

let workbench: { port: number; close(): Promise<void> };
let harness: ExtensionBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let everything: ChildProcess;
let everythingUrl = '';
let panel: Page;

/** Arguments for each tool server-everything lists to a client that can answer forms. */
const CALLS: Record<string, Record<string, unknown>> = {
  echo: { message: 'hello from the panel' },
  'get-annotated-message': { messageType: 'success', includeImage: false },
  'get-env': {},
  'get-resource-links': { count: 2 },
  'get-resource-reference': { resourceType: 'Text', resourceId: 1 },
  'get-structured-content': { location: 'Chicago' },
  'get-sum': { a: 2, b: 3 },
  'get-tiny-image': {},
  'toggle-simulated-logging': {},
  'toggle-subscriber-updates': {},
  'trigger-long-running-operation': { duration: 3, steps: 6 },
  'trigger-elicitation-request': {},
  'simulate-research-query': { topic: 'typst' },
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startEverything(): Promise<void> {
  const port = await freePort();
  const entry = path.resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
  everything = spawn(process.execPath, [entry, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server-everything did not start')), 20_000);
    everything.stderr?.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('listening')) return;
      clearTimeout(timer);
      resolve();
    });
    everything.once('exit', (code) => reject(new Error(`server-everything exited (${code})`)));
  });
  everythingUrl = `http://127.0.0.1:${port}/mcp`;
}

beforeAll(async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'everything-e2e-'));
  workbench = await startWorkbench({ https: makeSelfSignedCert(path.join(tmp, 'cert')) });
  models = await startModelServer({
    scenario: { name: 'placeholder', turns: [{ steps: [{ text: 'unused' }] }] },
  });
  proxy = await startCorsProxy(models.port);
  await startEverything();
  harness = await launchExtensionBrowser({
    typstPort: workbench.port,
    hostRules: ['EXCLUDE 127.0.0.1'],
  });
  await harness.waitForStartup();
  const page = await harness.context.newPage();
  await page.goto('https://typst.app/project/thesis');
  await bridgeConnected(page);
  panel = await harness.openPanelTab(await harness.tabIdOf(page));
  await useScriptedModel(panel, proxy.baseUrl);
  await freshChat(panel);
}, 120_000);

afterAll(async () => {
  await harness?.close();
  await proxy?.close();
  await models?.close();
  everything?.kill();
  await workbench?.close();
});

describe('server-everything through the real panel', () => {
  it(
    'lists its tools in Settings and runs every one of them in a conversation',
    { timeout: 150_000 },
    async () => {
      await openSettingsTab(panel, 'MCP');
      const form = panel.getByRole('region', { name: 'MCP servers' });
      await form.locator('input[name="mcp-name"]').fill('Everything');
      await form.locator('input[name="mcp-url"]').fill(everythingUrl);
      await form.locator('input[name="mcp-trusted"]').check();
      await form.getByRole('button', { name: 'Save server' }).click();
      await expect
        .poll(() => form.locator('.sa-integration-list').textContent(), { timeout: 20_000 })
        .toContain('Everything trusted');
      await form.getByRole('button', { name: 'Probe tools' }).click();
      const probe = panel.getByTestId('mcp-probe-result');
      await expect
        .poll(() => probe.textContent().catch(() => ''), { timeout: 20_000 })
        .toContain('fallback');
      const listed = (
        await probe.locator('ul').first().locator('li > code:first-child').allTextContents()
      ).sort();
      expect(listed).toEqual(Object.keys(CALLS).sort());
      const stored = await (
        await harness.worker()
      ).evaluate(() => chrome.storage.local.get('integrations.mcp-servers.v1'));
      const [server] = stored['integrations.mcp-servers.v1'] as { id: string }[];
      await panel.getByTestId('settings-toggle').click();

      const steps = Object.entries(CALLS).map(([name, args], index) => ({
        toolCall: {
          id: `call_${index}`,
          name: mcpVisibleName(server!.id, 'Everything', name),
          arguments: args,
        },
      }));
      await models.setScenario({
        name: 'everything',
        models: ['scripted-model'],
        turns: [{ steps }, { steps: [{ text: 'Every tool of Everything answered.' }] }],
      });
      await send(panel, 'Try every tool of the Everything server.');
      const live = panel.getByTestId('live-turn');
      // The long-running tool reports progress on its own row while it works.
      const longRow = live
        .getByTestId('tool-card')
        .filter({ hasText: 'trigger-long-running-oper' });
      await expect
        .poll(() => longRow.textContent().catch(() => ''), { timeout: 30_000 })
        .toMatch(/Progress: \d of 6/);
      // The elicitation tool's question appears as a form labelled with the server.
      const question = panel.getByTestId('integration-form');
      await expect.poll(() => question.count(), { timeout: 30_000 }).toBe(1);
      expect(await question.textContent()).toContain('MCP Everything is asking');
      await question
        .getByLabel(/^String/)
        .first()
        .fill('Ada Lovelace');
      await question.getByTestId('form-accept').click();
      const lastAnswer = panel.getByTestId('assistant-turn').last();
      await expect
        .poll(() => lastAnswer.getAttribute('data-status').catch(() => null), { timeout: 60_000 })
        .toBe('complete');
      expect(await lastAnswer.textContent()).toContain('Every tool of Everything answered.');

      // What the model received for each call.
      const last = models.requests.at(-1)!.body as {
        messages: { role: string; tool_call_id?: string; content: string }[];
      };
      const results = Object.fromEntries(
        last.messages
          .filter((message) => message.role === 'tool')
          .map((message) => [message.tool_call_id, JSON.parse(message.content)]),
      );
      const names = Object.keys(CALLS);
      for (const [index, name] of names.entries()) {
        const result = results[`call_${index}`];
        if (name === 'simulate-research-query')
          // It needs task augmentation, which Side Agent does not offer: an explained error.
          expect(result).toMatchObject({ ok: false, code: 'MCP_TOOL_ERROR' });
        else expect(result, name).toMatchObject({ ok: true });
      }
      expect(
        JSON.stringify(results[`call_${names.indexOf('trigger-elicitation-request')}`]),
      ).toContain('Ada Lovelace');
      expect(
        JSON.stringify(results[`call_${names.indexOf('trigger-long-running-operation')}`]),
      ).toMatch(/completed/i);
    },
  );
});
