// In real Chromium: a real MCP server (@modelcontextprotocol/server)
// and a custom HTTP tool are configured through the real Settings UI of the side
// panel, a scripted conversation calls both, one is allowed for the run (its second
// call does not ask) and the other denied; the tool cards, the final answer and the
// model server's recorded requests show the results. Then the custom tool is
// trusted (its call runs without asking), its schema is edited in the UI, and the
// trust is gone: the checkbox clears and the next run asks again.
// ## Why the peers answer CORS and chrome.permissions.request is replaced
// Saving a tool or server asks Chrome for optional host access from the click.
// Headless Chromium shows a native prompt nothing can answer (the promise never
// settles), and no CDP method grants an optional host permission (tried on
// Chromium 156: chrome.developerPrivate.addHostPermission from chrome://extensions
// resolves, yet chrome.permissions.getAll() in the worker still lists only
// typst.app). So the test replaces the call in the
// panel page with one that records the requested pattern (asserted below: the UI
// asks for exactly the configured origin) and answers as a person would. Without a
// real grant the worker's fetch is cross-origin, so the MCP peer, the custom-tool
// server and the model endpoint (through the shared CORS proxy) answer CORS, as a
// browser-facing server does. Everything else is real: the settings components,
// the worker's integration service and storage, the endpoint policy, MCP version
// negotiation, the run loop, approvals and the panel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { launchExtensionBrowser, type ExtensionBrowser } from '../support/extension-browser';
import {
  loadScenario,
  startModelServer,
  type ModelServer,
} from '../support/model-server/model-server.mjs';
import { corsHeaders, startSdkPeer } from '../support/mcp/sdk-peer';
import type { HttpPeer } from '../support/mcp/http-peer';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { startWorkbench } from '../../workbench/server.mjs';
import { makeSelfSignedCert } from '../../workbench/cert.mjs';
import { mcpVisibleName } from '../../src/worker/integrations/trust-fingerprint';
import {
  freshChat as freshChatIn,
  openSettingsTab as openSettingsTabIn,
  permissionRequests,
  send as sendIn,
  useScriptedModel,
} from './support/integrations-panel';

let workbench: { port: number; close(): Promise<void> };
let harness: ExtensionBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let mcp: HttpPeer & { headersSeen: Record<string, string>[] };
let custom: {
  server: Server;
  origin: string;
  posts: { tool: string; arguments: Record<string, unknown> }[];
};
let page: Page;
let panel: Page;
let tabId: number;
let mcpName = '';

/** The custom tool's name as configured in the UI (and as scenarios/integrations-*.json call it). */
const CUSTOM_TOOL = 'word_count';
const LOOKUP_SCHEMA = {
  type: 'object',
  properties: { term: { type: 'string' } },
  required: ['term'],
  additionalProperties: false,
};
const SCHEMA_V1 = {
  type: 'object',
  properties: { text: { type: 'string' } },
  required: ['text'],
  additionalProperties: false,
};
const SCHEMA_V2 = {
  type: 'object',
  properties: { text: { type: 'string', maxLength: 5000 } },
  required: ['text'],
  additionalProperties: false,
};

/**
 * scenarios/integrations-both.json with the MCP tool's visible name filled in: it
 * hashes the server id the worker assigned at save, so it exists only at run time.
 */
async function integrationScenario(visibleName: string) {
  const template = await loadScenario('integrations-both');
  return JSON.parse(
    JSON.stringify(template).replaceAll('$MCP_LOOKUP', visibleName),
  ) as typeof template;
}

/** A local custom-tool endpoint: counts words, records every POST, answers CORS. */
async function startCustomToolServer(): Promise<typeof custom> {
  const posts: (typeof custom)['posts'] = [];
  const server = createServer(async (incoming, outgoing) => {
    const cors = corsHeaders(incoming.headers['access-control-request-headers']);
    if (incoming.method === 'OPTIONS') return void outgoing.writeHead(204, cors).end();
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as (typeof posts)[number];
    posts.push(body);
    const text = String(body.arguments['text'] ?? '');
    outgoing
      .writeHead(200, { ...cors, 'content-type': 'application/json' })
      .end(JSON.stringify({ words: text.split(/\s+/).filter(Boolean).length }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, posts };
}

const openSettingsTab = (name: 'Tools' | 'MCP') => openSettingsTabIn(panel, name);
const freshChat = () => freshChatIn(panel);
const send = (text: string) => sendIn(panel, text);

const approval = () => panel.getByTestId('approval');
const lastAnswer = () => panel.getByTestId('assistant-turn').last();
const cardStatuses = () => lastAnswer().getByTestId('tool-status').allTextContents();
const toolCallsSeen = () => mcp.requests.filter((recorded) => recorded.rpc === 'tools/call').length;

beforeAll(async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'integrations-e2e-'));
  workbench = await startWorkbench({ https: makeSelfSignedCert(path.join(tmp, 'cert')) });
  models = await startModelServer({
    scenario: { name: 'placeholder', turns: [{ steps: [{ text: 'unused' }] }] },
  });
  proxy = await startCorsProxy(models.port);
  mcp = await startSdkPeer({
    responseMode: 'json',
    cors: true,
    ttlMs: 60_000,
    tools: [
      { name: 'lookup', description: 'Look up a term in the docs.', inputSchema: LOOKUP_SCHEMA },
    ],
  });
  custom = await startCustomToolServer();
  harness = await launchExtensionBrowser({
    typstPort: workbench.port,
    hostRules: ['EXCLUDE 127.0.0.1'],
  });
  await harness.waitForStartup();
  page = await harness.context.newPage();
  await page.goto('https://typst.app/project/thesis');
  await page.waitForFunction(
    () => document.documentElement.dataset['sideAgentBridge'] === 'connected',
    null,
    { timeout: 20_000 },
  );
  tabId = await harness.tabIdOf(page);
  panel = await harness.openPanelTab(tabId);
  await useScriptedModel(panel, proxy.baseUrl);
  await freshChat();
}, 120_000);

afterAll(async () => {
  await harness?.close();
  await proxy?.close();
  await models?.close();
  await mcp?.close();
  await new Promise((resolve) => (custom ? custom.server.close(resolve) : resolve(undefined)));
  await workbench?.close();
});

describe('custom tools and MCP servers through the real settings UI and a real run', () => {
  it('adds the MCP server (probe shows the negotiated version) and the custom tool', async () => {
    await openSettingsTab('MCP');
    const mcpForm = panel.getByRole('region', { name: 'MCP servers' });
    await mcpForm.locator('input[name="mcp-name"]').fill('Docs');
    await mcpForm.locator('input[name="mcp-url"]').fill(mcp.url);
    await mcpForm.getByRole('button', { name: 'Save server' }).click();
    await expect
      .poll(() => mcpForm.getByRole('status').textContent(), { timeout: 15_000 })
      .toBe('Saved.');
    await mcpForm.getByRole('button', { name: 'Probe tools' }).click();
    const probe = panel.getByTestId('mcp-probe-result');
    await expect
      .poll(() => probe.textContent().catch(() => ''), { timeout: 20_000 })
      .toContain('Protocol 2026-07-28');
    expect(await probe.textContent()).toContain('1 valid, 0 rejected');
    // The visible name is the hashed one the model must use; computed here as the worker does.
    const stored = await (
      await harness.worker()
    ).evaluate(() => chrome.storage.local.get('integrations.mcp-servers.v1'));
    const servers = stored['integrations.mcp-servers.v1'] as {
      id: string;
      name: string;
      trust: unknown;
    }[];
    expect(servers.map((server) => [server.name, server.trust])).toEqual([['Docs', null]]);
    mcpName = await mcpVisibleName(servers[0]!.id, 'Docs', 'lookup');
    expect(await probe.textContent()).toContain(mcpName);
    expect(await mcpForm.locator('.sa-integration-list').textContent()).toContain(
      'Docs asks before each call',
    );

    await openSettingsTab('Tools');
    const toolForm = panel.getByRole('region', { name: 'Custom tools' });
    await toolForm.locator('input[name="tool-name"]').fill(CUSTOM_TOOL);
    await toolForm.locator('textarea[name="tool-description"]').fill('Counts the words of a text.');
    await toolForm.locator('input[name="tool-endpoint"]').fill(`${custom.origin}/tool`);
    await toolForm.locator('textarea[name="tool-schema"]').fill(JSON.stringify(SCHEMA_V1, null, 2));
    await toolForm.getByRole('button', { name: 'Save tool' }).click();
    await expect
      .poll(() => toolForm.getByRole('status').textContent(), { timeout: 15_000 })
      .toBe('Saved.');
    await expect
      .poll(() => toolForm.locator('.sa-integration-list').textContent())
      .toContain(`${CUSTOM_TOOL} asks before each call`);
    // Each save asked for host access to exactly the configured loopback origin.
    const asked = (await permissionRequests(panel)) as { origins: string[] }[];
    expect(asked.length).toBeGreaterThan(0);
    for (const entry of asked) expect(entry).toEqual({ origins: ['http://127.0.0.1/*'] });
    await panel.getByTestId('settings-toggle').click();
  });

  it('runs a conversation that calls both: Allow for run covers the second MCP call, the custom tool is denied', async () => {
    expect(mcpName).not.toBe('');
    await models.setScenario(await integrationScenario(mcpName));
    await freshChat();
    await send('Look up typst and count the words of my abstract.');
    // First MCP call: the approval names the integration and its destination.
    await expect
      .poll(
        () =>
          approval()
            .getAttribute('aria-label')
            .catch(() => null),
        { timeout: 20_000 },
      )
      .toBe(`Approve ${mcpName}`);
    expect(await approval().getByTestId('destination').textContent()).toBe(mcp.url);
    expect(await approval().textContent()).toContain('MCP Docs: lookup');
    await approval().getByTestId('allow-run').click();
    // The next prompt is the custom tool's: the second MCP call ran without asking.
    await expect
      .poll(
        () =>
          approval()
            .getAttribute('aria-label')
            .catch(() => null),
        { timeout: 20_000 },
      )
      .toBe(`Approve ${CUSTOM_TOOL}`);
    expect(toolCallsSeen()).toBe(2);
    expect(await approval().getByTestId('destination').textContent()).toBe(`${custom.origin}/tool`);
    await approval().getByTestId('deny').click();
    await expect
      .poll(
        () =>
          lastAnswer()
            .getAttribute('data-status')
            .catch(() => null),
        { timeout: 20_000 },
      )
      .toBe('complete');
    expect(await lastAnswer().textContent()).toContain(
      'The docs entry for typst came back; the word count was denied.',
    );
    expect(await cardStatuses()).toEqual(['Done', 'Done', 'Denied']);
    const summaries = await lastAnswer().locator('.tool-summary').allTextContents();
    expect(summaries[0]).toContain('Docs/lookup');
    expect(summaries[2]).toContain('TOOL_DENIED');
    expect(custom.posts).toEqual([]);
    // What the model received: the MCP results (structured) and the denial as a structured error.
    const last = models.requests.at(-1)!.body as {
      messages: { role: string; tool_call_id?: string; content: string }[];
      tools: { function: { name: string } }[];
    };
    expect(last.tools.map((tool) => tool.function.name)).toEqual(
      expect.arrayContaining([mcpName, CUSTOM_TOOL]),
    );
    const results = Object.fromEntries(
      last.messages
        .filter((message) => message.role === 'tool')
        .map((message) => [message.tool_call_id, JSON.parse(message.content)]),
    );
    expect(results['call_lookup_1']).toMatchObject({
      ok: true,
      result: { structured: { name: 'lookup', arguments: { term: 'typst' } } },
    });
    expect(results['call_lookup_2']).toMatchObject({
      ok: true,
      result: { structured: { name: 'lookup', arguments: { term: 'typst 0.14' } } },
    });
    expect(results['call_words']).toMatchObject({ ok: false, code: 'TOOL_DENIED' });
  });

  it('trusts the custom tool (runs without asking), then editing its schema clears the trust and the next run asks', async () => {
    await openSettingsTab('Tools');
    const toolForm = panel.getByRole('region', { name: 'Custom tools' });
    const trust = toolForm.locator('input[name="tool-trusted"]');
    await toolForm
      .locator('.sa-integration-list')
      .getByRole('button', { name: CUSTOM_TOOL })
      .click();
    await trust.check();
    await toolForm.getByRole('button', { name: 'Save tool' }).click();
    await expect
      .poll(() => toolForm.locator('.sa-integration-list').textContent(), { timeout: 15_000 })
      .toContain(`${CUSTOM_TOOL} trusted`);
    await panel.getByTestId('settings-toggle').click();

    await models.setScenario('integrations-custom');
    await freshChat();
    await send('Count the words of my abstract.');
    await expect
      .poll(
        () =>
          lastAnswer()
            .getAttribute('data-status')
            .catch(() => null),
        { timeout: 20_000 },
      )
      .toBe('complete');
    expect(await approval().count()).toBe(0);
    expect(await cardStatuses()).toEqual(['Done']);
    expect(custom.posts).toEqual([{ tool: CUSTOM_TOOL, arguments: { text: 'one two three' } }]);
    const answered = models.requests.at(-1)!.body as {
      messages: { role: string; content: string }[];
    };
    expect(
      JSON.parse(answered.messages.filter((message) => message.role === 'tool').at(-1)!.content),
    ).toEqual({ ok: true, result: { words: 3 } });

    // Edit the trusted tool's schema in the UI: the checkbox clears at once, and the saved tool is no longer trusted.
    await openSettingsTab('Tools');
    await toolForm
      .locator('.sa-integration-list')
      .getByRole('button', { name: CUSTOM_TOOL })
      .click();
    expect(await trust.isChecked()).toBe(true);
    await toolForm.locator('textarea[name="tool-schema"]').fill(JSON.stringify(SCHEMA_V2, null, 2));
    expect(await trust.isChecked()).toBe(false);
    await toolForm.getByRole('button', { name: 'Save tool' }).click();
    await expect
      .poll(() => toolForm.locator('.sa-integration-list').textContent(), { timeout: 15_000 })
      .toContain(`${CUSTOM_TOOL} asks before each call`);
    const stored = await (
      await harness.worker()
    ).evaluate(() => chrome.storage.local.get('integrations.custom-tools.v1'));
    const tools = stored['integrations.custom-tools.v1'] as {
      name: string;
      schemaJson: string;
      trust: unknown;
    }[];
    expect(tools.map((tool) => [tool.name, JSON.parse(tool.schemaJson), tool.trust])).toEqual([
      [CUSTOM_TOOL, SCHEMA_V2, null],
    ]);
    // Reopened from the saved list, the tool shows no trust: the saved fingerprint no longer matches.
    await toolForm
      .locator('.sa-integration-list')
      .getByRole('button', { name: CUSTOM_TOOL })
      .click();
    expect(await trust.isChecked()).toBe(false);
    await panel.getByTestId('settings-toggle').click();

    await models.setScenario('integrations-custom');
    await freshChat();
    await send('Count the words of my abstract again.');
    await expect
      .poll(
        () =>
          approval()
            .getAttribute('aria-label')
            .catch(() => null),
        { timeout: 20_000 },
      )
      .toBe(`Approve ${CUSTOM_TOOL}`);
    await approval().getByTestId('approve-once').click();
    await expect
      .poll(
        () =>
          lastAnswer()
            .getAttribute('data-status')
            .catch(() => null),
        { timeout: 20_000 },
      )
      .toBe('complete');
    expect(await cardStatuses()).toEqual(['Done']);
    expect(custom.posts).toHaveLength(2);
  });
});
