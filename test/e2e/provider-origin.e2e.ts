// A local model server that sends no CORS headers, in real Chromium: the worker tells
// "running but refusing Side Agent" from "not running", and the person reads which
// one it is, with the header to send, on Test connection. It also records why no
// proxy document is built: an extension page is refused exactly like the worker.
// Headless Chromium cannot answer the host-permission prompt, so no grant is given
// here and the server's answers stay unreadable to the extension, as for a person
// who declined the prompt.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchExtensionBrowser, type ExtensionBrowser } from '../support/extension-browser';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';

let harness: ExtensionBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let panel: Page;
let closedPort: number;

const draft = (baseUrl: string) => ({
  name: 'Local',
  kind: 'openai-compatible',
  baseUrl,
  modelId: 'scripted-model',
  supportsVision: false,
  reasoningEffort: 'default',
  contextWindow: 32_768,
  insecureOriginAcknowledged: null,
  apiKey: 'sk-local-e2e-key-12345',
});

async function testModel(baseUrl: string): Promise<Record<string, unknown>> {
  const response = (await panel.evaluate(
    (payload) =>
      chrome.runtime.sendMessage({
        requestId: crypto.randomUUID(),
        type: 'settings/test-model',
        payload,
      }),
    { draft: draft(baseUrl) },
  )) as { ok: boolean; data: Record<string, unknown>; error?: unknown };
  if (!response.ok) throw new Error(JSON.stringify(response.error));
  return response.data;
}

/** A port nothing listens on: opened, then closed again. */
async function freePort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  models = await startModelServer({ scenario: 'basic-tool-loop' });
  proxy = await startCorsProxy(models.port);
  closedPort = await freePort();
  harness = await launchExtensionBrowser({ hostRules: ['EXCLUDE 127.0.0.1'] });
  await harness.waitForStartup();
  panel = await harness.openPanelTab();
}, 90_000);

afterAll(async () => {
  await harness?.close();
  await proxy?.close();
  await models?.close();
});

describe('a local model server without CORS headers', () => {
  it('is reported as refusing Side Agent, not as down, and its key never goes to the probe', async () => {
    const raw = `http://127.0.0.1:${models.port}/v1`;
    const before = models.requests.length;
    const check = await testModel(raw);
    expect(check).toMatchObject({ ok: false, code: 'PROVIDER_BLOCKED_BY_ORIGIN' });
    expect(String(check['message'])).toContain(`127.0.0.1:${models.port}`);
    expect(String(check['message'])).toContain('Access-Control-Allow-Origin');
    // The server saw the request (or its preflight) and one bare probe of its root.
    const seen = models.requests.slice(before);
    const probes = seen.filter((request) => request.path === '/');
    expect(probes).toHaveLength(1);
    expect(JSON.stringify(probes[0]?.headers ?? {})).not.toContain('sk-local-e2e-key-12345');
    // Not retried: a refusal by origin does not go away by asking again.
    expect(seen.filter((request) => request.path === '/models')).toHaveLength(1);
  });

  it('still says "can\u2019t reach" when nothing listens, and connects through a server that sends the header', async () => {
    expect(await testModel(`http://127.0.0.1:${closedPort}/v1`)).toMatchObject({
      ok: false,
      code: 'PROVIDER_NETWORK',
    });
    expect(await testModel(proxy.baseUrl)).toMatchObject({ ok: true });
  });

  it('refuses an extension page the same way, so relaying through one would not help', async () => {
    const raw = `http://127.0.0.1:${models.port}/v1/models`;
    const outcome = await panel.evaluate(async (url) => {
      const readable = await fetch(url).then(
        () => 'read',
        (error: unknown) => (error instanceof TypeError ? 'refused' : 'other'),
      );
      const opaque = await fetch(url, { mode: 'no-cors' }).then((response) => response.type);
      return { readable, opaque };
    }, raw);
    expect(outcome).toEqual({ readable: 'refused', opaque: 'opaque' });
  });

  it('tells the person on Test connection what to do, naming the header', async () => {
    await panel.getByTestId('settings-toggle').click();
    const form = panel.getByRole('form', { name: 'Add model' });
    await form.waitFor();
    await form.getByLabel('Name', { exact: true }).fill('Local');
    await form.getByLabel('Base URL').fill(`http://127.0.0.1:${models.port}/v1`);
    await form.getByLabel('Model id').fill('scripted-model');
    await form.getByTestId('test-connection').click();
    const result = form.getByTestId('test-result');
    await expect.poll(() => result.textContent(), { timeout: 15_000 }).toContain('is running');
    const text = (await result.textContent()) ?? '';
    expect(text).toContain('does not let Side Agent read its answers');
    expect(text).toContain('Access-Control-Allow-Origin');
    expect(text).not.toContain('PROVIDER_');
  });
});
