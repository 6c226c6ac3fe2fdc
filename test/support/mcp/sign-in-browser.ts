// ## Owns
// Real Chromium with the built extension, the side panel on a typst.app project,
// the scripted model and the OAuth-protected MCP peer, for the sign-in e2e test and
// its gallery states; plus the person's steps in Settings → MCP.
// ## Why a copy of the build with loopback host access
// Saving a server asks the browser for host access to its origin from the click;
// headless Chromium's prompt never settles. The copy holds host access to
// http://127.0.0.1/* as if the person had accepted that prompt, so the panel's own
// request is answered at once (an origin already granted needs no prompt) and the
// worker reaches the peer and the model without CORS. Everything else is the
// product: the settings UI, the worker's OAuth provider, chrome.identity's sign-in
// window, the run loop and the cards.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { CHROME_BUILD, launchExtensionBrowser, type ExtensionBrowser } from '../extension-browser';
import {
  startModelServer,
  type ModelServer,
  type Scenario,
} from '../model-server/model-server.mjs';
import { startWorkbench } from '../../../workbench/server.mjs';
import { makeSelfSignedCert } from '../../../workbench/cert.mjs';
import { mcpVisibleName } from '../../../src/worker/integrations/trust-fingerprint';
import {
  activateModel,
  bridgeConnected,
  freshChatIn,
  panelRequest,
  saveScriptedModels,
  sendFromComposer,
} from '../panel-page';
import { startOAuthPeer, type OAuthPeer } from './oauth-peer';

const LOOPBACK = 'http://127.0.0.1/*';

export interface SignInBrowser {
  readonly harness: ExtensionBrowser;
  readonly panel: Page;
  readonly peer: OAuthPeer;
  readonly models: ModelServer;
  /** A panel -> worker request from the panel page; throws on a refusal. */
  request(message: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Saves the peer's server in Settings → MCP; resolves with its id. */
  addServer(name: string): Promise<string>;
  /** Presses "Sign in to <name>" in Settings → MCP and waits for the status line. */
  signInFromSettings(name: string): Promise<string>;
  /** The saved server's list row text in Settings → MCP. */
  serverRow(name: string): Promise<string>;
  /** A fresh chat in the panel whose model follows `scenario`. */
  freshChat(scenario: Scenario): Promise<void>;
  send(text: string): Promise<void>;
  /** What chrome.storage.local holds for MCP sign-ins, as JSON text. */
  storedSignIns(): Promise<string>;
  close(): Promise<void>;
}

function buildWithLoopbackAccess(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'side-agent-mcp-build-'));
  cpSync(CHROME_BUILD, dir, { recursive: true });
  const manifestPath = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
  manifest['host_permissions'] = [...((manifest['host_permissions'] as string[]) ?? []), LOOPBACK];
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  return dir;
}

/** The tool's name as the model sees it: it hashes the server id the worker assigned. */
export const visibleToolName = (serverId: string, server: string) =>
  mcpVisibleName(serverId, server, 'whoami');

export async function startSignInBrowser(): Promise<SignInBrowser> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'mcp-sign-in-'));
  const workbench = await startWorkbench({ https: makeSelfSignedCert(path.join(tmp, 'cert')) });
  const models = await startModelServer({
    scenario: { name: 'placeholder', turns: [{ steps: [{ text: 'unused' }] }] },
  });
  const peer = await startOAuthPeer();
  const extensionDir = buildWithLoopbackAccess();
  const harness = await launchExtensionBrowser({
    typstPort: workbench.port,
    extensionDir,
    hostRules: ['EXCLUDE 127.0.0.1'],
  });
  await harness.waitForStartup();
  const page = await harness.context.newPage();
  await page.goto('https://typst.app/project/thesis');
  await bridgeConnected(page);
  const panel = await harness.openPanelTab(await harness.tabIdOf(page));
  const request = (message: Record<string, unknown>) => panelRequest(panel, message);
  const ids = await saveScriptedModels(panel, models.baseUrl, [
    { modelId: 'scripted-model', name: 'Scripted' },
  ]);
  await activateModel(panel, ids['scripted-model']!);
  await panel.reload();

  const mcpRegion = () => panel.getByRole('region', { name: 'MCP servers' });
  const openMcpSettings = async () => {
    if ((await panel.getByRole('tablist', { name: 'Settings sections' }).count()) === 0)
      await panel.getByTestId('settings-toggle').click();
    await panel.getByRole('tab', { name: 'MCP', exact: true }).click();
    return mcpRegion();
  };
  const row = (name: string) =>
    mcpRegion().locator('.sa-integration-list li').filter({ hasText: name });
  return {
    harness,
    panel,
    peer,
    models,
    request,
    async addServer(name) {
      const region = await openMcpSettings();
      await region.locator('input[name="mcp-name"]').fill(name);
      await region.locator('input[name="mcp-url"]').fill(peer.url);
      await region.getByRole('button', { name: 'Save server' }).click();
      await expect
        .poll(() => region.getByRole('status').textContent(), { timeout: 15_000 })
        .toBe('Saved.');
      const listed = await request({ type: 'mcp/list', payload: {} });
      return (listed['servers'] as { id: string; name: string }[]).find(
        (server) => server.name === name,
      )!.id;
    },
    async signInFromSettings(name) {
      const region = await openMcpSettings();
      // A failure clears the status line and shows an alert; a sign-in names the server.
      const status = region.getByRole('status');
      const alert = region.getByRole('alert');
      await expect.poll(() => alert.count()).toBe(0);
      await region.getByRole('button', { name: `Sign in to ${name}` }).click();
      await expect
        .poll(
          async () =>
            (await status.textContent()) === `Signed in to ${name}.` || (await alert.count()) > 0,
          { timeout: 20_000 },
        )
        .toBe(true);
      return (await status.textContent()) ?? '';
    },
    async serverRow(name) {
      await openMcpSettings();
      return (await row(name).textContent()) ?? '';
    },
    async freshChat(scenario) {
      await models.setScenario(scenario);
      await freshChatIn(panel, { siteId: 'typst', projectId: 'thesis' });
    },
    send: (text) => sendFromComposer(panel, text),
    async storedSignIns() {
      const worker = await harness.worker();
      return JSON.stringify(
        await worker.evaluate(() => chrome.storage.local.get('integrations.mcp-auth.v1')),
      );
    },
    async close() {
      await harness.close();
      rmSync(extensionDir, { recursive: true, force: true });
      rmSync(tmp, { recursive: true, force: true });
      await models.close();
      await peer.close();
      await workbench.close();
    },
  };
}
