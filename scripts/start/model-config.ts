// Where `npm start` gets its model: --demo starts the scripted model server; else
// the SIDE_AGENT_* environment variables; else the user adds one in Settings.
// Either way the model is saved into the extension's settings through the same
// panel requests the Settings form uses (settings/save-model, then the active
// model), so the person finds it in Settings → Models like one they added.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  startModelServer,
  type ModelServer,
} from '../../test/support/model-server/model-server.mjs';
import { startCorsProxy } from '../../test/support/cors-proxy';
import { REPO_ROOT, type ExtensionBrowser } from '../../test/support/extension-browser';

export interface StartModel {
  readonly name: string;
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly modelId: string;
}

export function modelFromEnvironment(): StartModel | null {
  const baseUrl = process.env['SIDE_AGENT_BASE_URL'];
  const modelId = process.env['SIDE_AGENT_MODEL'];
  if (!baseUrl || !modelId) return null;
  return {
    name: `${modelId} (environment)`,
    baseUrl,
    modelId,
    apiKey: process.env['SIDE_AGENT_API_KEY'] ?? '',
  };
}

export interface DemoModel {
  readonly model: StartModel;
  readonly server: ModelServer;
  close(): Promise<void>;
}

export async function startDemoModel(): Promise<DemoModel> {
  const demoScenario = path.join(REPO_ROOT, 'test/support/model-server/scenarios/demo.json');
  const server = await startModelServer({
    scenario: existsSync(demoScenario) ? 'demo' : 'basic-tool-loop',
  });
  // The worker fetches the model from chrome-extension://…; without a host
  // permission that is a CORS request. Granting the optional permission needs a
  // prompt a headless browser cannot answer, and the scripted server sends no CORS
  // headers, so the demo talks to it through a loopback proxy that answers CORS,
  // exactly as a CORS-enabled provider would be reached.
  const proxy = await startCorsProxy(server.port);
  console.log(
    `Demo model server: ${server.baseUrl} (the extension uses it through ${proxy.baseUrl})`,
  );
  return {
    model: {
      name: 'Demo (scripted)',
      baseUrl: proxy.baseUrl,
      apiKey: 'demo',
      modelId: 'scripted-model',
    },
    server,
    close: async () => {
      await proxy.close();
      await server.close();
    },
  };
}

type Envelope =
  | { ok: true; data: Record<string, unknown> }
  | { ok: false; error: { code: string; message: string } };

/** One panel-channel request from an extension page (the sender class the worker accepts for settings). */
export async function panelRequest(
  page: Page,
  type: string,
  payload: unknown,
): Promise<Record<string, unknown>> {
  const response = (await page.evaluate(
    (envelope) => chrome.runtime.sendMessage({ requestId: crypto.randomUUID(), ...envelope }),
    { type, payload },
  )) as Envelope;
  if (!response.ok)
    throw new Error(`${type} failed: ${response.error.code}: ${response.error.message}`);
  return response.data;
}

function isLoopback(url: URL): boolean {
  return url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
}

/**
 * Asks Chrome for host access to the model's origin from an extension page. The
 * call carries Playwright's user gesture, so a headed browser shows the usual
 * prompt for the person to answer; a headless one cannot, so it gives up after a
 * few seconds. Returns whether access was granted.
 */
async function requestHostAccess(page: Page, origin: string, headless: boolean): Promise<boolean> {
  const pattern = `${new URL(origin).protocol}//${new URL(origin).hostname}/*`;
  const already = await page.evaluate(
    (origins) => chrome.permissions.contains({ origins }),
    [pattern],
  );
  if (already) return true;
  console.log(
    `Asking Chromium for access to ${pattern} (the model endpoint)${headless ? '' : ': answer the prompt in the browser'}…`,
  );
  const waitMs = headless ? 3_000 : 120_000;
  return page
    .evaluate(
      ({ origins, ms }) =>
        Promise.race([
          chrome.permissions.request({ origins }),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
        ]),
      { origins: [pattern], ms: waitMs },
    )
    .catch(() => false);
}

/** Saves `model` in the extension's settings and makes it the active model. */
export async function configureModel(
  harness: ExtensionBrowser,
  model: StartModel,
  options: { headless: boolean; demo: boolean },
): Promise<void> {
  const helper = await harness.openPanelTab();
  try {
    const url = new URL(model.baseUrl);
    // A demo endpoint answers CORS itself (see startDemoModel); any other endpoint
    // needs the optional host permission, as when the person saves it in Settings.
    if (!options.demo) {
      const granted = await requestHostAccess(helper, url.origin, options.headless);
      if (!granted)
        console.log(
          `Host access to ${url.origin} was not granted; requests work only if the endpoint answers CORS. Grant it in Settings → Models (Save asks again).`,
        );
    }
    const insecure = url.protocol === 'http:' && !isLoopback(url);
    if (insecure)
      console.log(
        `Warning: ${url.origin} is plain HTTP; the API key and your document travel unencrypted.`,
      );
    const view = await panelRequest(helper, 'settings/save-model', {
      model: {
        name: model.name,
        kind: 'openai-compatible',
        baseUrl: model.baseUrl,
        modelId: model.modelId,
        supportsVision: false,
        reasoningEffort: 'default',
        contextWindow: 128_000,
        insecureOriginAcknowledged: insecure ? url.origin : null,
        apiKey: model.apiKey,
      },
    });
    const saved = (view['models'] as { id: string; modelId: string; baseUrl?: string }[])
      .filter((entry) => entry.modelId === model.modelId)
      .at(-1);
    if (!saved) throw new Error('The saved model is not in the settings.');
    await panelRequest(helper, 'settings/save-general', { patch: { activeModelId: saved.id } });
  } finally {
    await helper.close();
  }
}
