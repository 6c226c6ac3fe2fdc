// The same diagnosis in Firefox ESR: a local model server that sends no CORS header,
// reached under `localhost` (a host the test build holds no grant for), is reported
// as running but refusing Side Agent, with the header named; a port nothing listens
// on stays "can't reach".
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import {
  firefoxPanelRequest,
  launchFirefoxExtension,
  type FirefoxExtension,
} from '../support/firefox-extension';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';

let firefox: FirefoxExtension;
let models: ModelServer;
let panel: Page;

const testModel = (baseUrl: string) =>
  firefoxPanelRequest(panel, {
    type: 'settings/test-model',
    payload: {
      draft: {
        name: 'Local',
        kind: 'openai-compatible',
        baseUrl,
        modelId: 'scripted-model',
        supportsVision: false,
        reasoningEffort: 'default',
        contextWindow: 32_768,
        insecureOriginAcknowledged: null,
        apiKey: '',
      },
    },
  });

async function freePort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  models = await startModelServer({ scenario: 'basic-tool-loop' });
  firefox = await launchFirefoxExtension();
  panel = await firefox.openPanel();
}, 120_000);

afterAll(async () => {
  await firefox?.close();
  await models?.close();
});

describe('Firefox: a local model server without CORS headers', () => {
  it('is reported as refusing Side Agent, naming the header, not as down', async () => {
    const check = await testModel(`http://localhost:${models.port}/v1`);
    expect(check).toMatchObject({ ok: false, code: 'PROVIDER_BLOCKED_BY_ORIGIN' });
    expect(String(check['message'])).toContain('Access-Control-Allow-Origin');
    expect(models.requests.some((request) => request.path === '/')).toBe(true);
  });

  it('still says the server cannot be reached when nothing listens', async () => {
    expect(await testModel(`http://localhost:${await freePort()}/v1`)).toMatchObject({
      ok: false,
      code: 'PROVIDER_NETWORK',
    });
  });
});
