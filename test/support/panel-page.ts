// ## Owns
// Driving the real side panel page in e2e tests, galleries and benches: requests to the
// worker from the panel, scripted models saved as a person would save them, fresh chats
// with a chosen model, the composer's Send, and a page opened with its bridge connected.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { WebBrowser } from './web-browser';

/** A panel -> worker request from the panel page; throws on a refusal. */
export async function panelRequest(
  panel: Page,
  message: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = (await panel.evaluate(
    (envelope) => chrome.runtime.sendMessage({ requestId: crypto.randomUUID(), ...envelope }),
    message,
  )) as { ok: boolean; data: Record<string, unknown>; error?: unknown };
  if (!response.ok) throw new Error(JSON.stringify(response.error));
  return response.data;
}

/** A scripted OpenAI-compatible model as Settings saves it. */
export interface ScriptedModel {
  /** The model id the server is asked for (the scenario it plays). */
  readonly modelId: string;
  /** The name the person sees; the model id when absent. */
  readonly name?: string;
  readonly supportsVision?: boolean;
  /** Tokens; 128,000 when absent. */
  readonly contextWindow?: number;
}

/**
 * Saves each model at `baseUrl` through Settings' own request and returns the stored
 * id of each by its model id (the last one saved when a model id repeats).
 */
export async function saveScriptedModels(
  panel: Page,
  baseUrl: string,
  models: readonly ScriptedModel[],
): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const model of models) {
    const view = await panelRequest(panel, {
      type: 'settings/save-model',
      payload: {
        model: {
          name: model.name ?? model.modelId,
          kind: 'openai-compatible',
          baseUrl,
          modelId: model.modelId,
          supportsVision: model.supportsVision ?? false,
          reasoningEffort: 'default',
          contextWindow: model.contextWindow ?? 128_000,
          insecureOriginAcknowledged: null,
          apiKey: '',
        },
      },
    });
    ids[model.modelId] = (view['models'] as { id: string; modelId: string }[])
      .filter((saved) => saved.modelId === model.modelId)
      .at(-1)!.id;
  }
  return ids;
}

/** Makes `modelId` (a stored id) the active model. */
export async function activateModel(panel: Page, modelId: string): Promise<void> {
  await panelRequest(panel, {
    type: 'settings/save-general',
    payload: { patch: { activeModelId: modelId } },
  });
}

/** The panel of `tab` (its site allowed, the bridge in), with one scripted model saved and active. */
export async function panelWithModel(
  browser: WebBrowser,
  tab: Page,
  baseUrl: string,
  modelId: string,
): Promise<Page> {
  await browser.injectBridge(tab);
  const panel = await browser.openPanelTab(await browser.tabIdOf(tab));
  const ids = await saveScriptedModels(panel, baseUrl, [{ modelId }]);
  await activateModel(panel, ids[modelId]!);
  await panel.reload();
  return panel;
}

/** A fresh chat in `scope` shown in the panel (the panel reloads onto it). */
export async function freshChatIn(panel: Page, scope: Record<string, unknown>): Promise<void> {
  await panelRequest(panel, { type: 'session/create', payload: { scope } });
  await panel.reload();
}

/** Types `text` into the composer once it is enabled and sends it with Enter. */
export async function sendFromComposer(panel: Page, text: string): Promise<void> {
  const input = panel.getByTestId('composer-input');
  await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
  await input.fill(text);
  await input.press('Enter');
}

/** Waits until the page's relay reports its bridge connected. */
export async function bridgeConnected(page: Page, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    () => document.documentElement.dataset['sideAgentBridge'] === 'connected',
    null,
    { timeout },
  );
}
