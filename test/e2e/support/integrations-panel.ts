// Driving the real side panel page for the integration e2e tests: worker requests
// from the panel, the host-permission prompt answered as a person would (see
// integrations.e2e.ts for why it is replaced), Settings tabs, fresh chats and Send.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

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

/** Replaces the permission prompt in the panel page, recording what was asked; a reload undoes it. */
export async function answerPermissionPrompts(panel: Page): Promise<void> {
  await panel.evaluate(() => {
    const state = globalThis as unknown as { __permissionRequests?: unknown[] };
    state.__permissionRequests ??= [];
    chrome.permissions.request = (async (asked: chrome.permissions.Permissions) => {
      state.__permissionRequests!.push(asked);
      return true;
    }) as typeof chrome.permissions.request;
  });
}

/** The permission requests answered so far. */
export const permissionRequests = (panel: Page) =>
  panel.evaluate(
    () =>
      (globalThis as unknown as { __permissionRequests?: unknown[] }).__permissionRequests ?? [],
  );

/** Opens Settings at `name`, with the permission prompt answered. */
export async function openSettingsTab(panel: Page, name: 'Tools' | 'MCP'): Promise<void> {
  if ((await panel.getByRole('tablist', { name: 'Settings sections' }).count()) === 0)
    await panel.getByTestId('settings-toggle').click();
  await panel.getByRole('tab', { name, exact: true }).click();
  await answerPermissionPrompts(panel);
}

/** A fresh chat in the panel (the model server answers turn N for N assistant messages). */
export async function freshChat(panel: Page): Promise<void> {
  await panelRequest(panel, {
    type: 'session/create',
    payload: { scope: { siteId: 'typst', projectId: 'thesis' } },
  });
  await panel.reload();
}

/** Types `text` into the composer and sends it. */
export async function send(panel: Page, text: string): Promise<void> {
  const input = panel.getByTestId('composer-input');
  await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
  await input.fill(text);
  await input.press('Enter');
}

/** Saves a scripted OpenAI-compatible model at `baseUrl` and makes it the active one. */
export async function useScriptedModel(panel: Page, baseUrl: string): Promise<void> {
  const view = await panelRequest(panel, {
    type: 'settings/save-model',
    payload: {
      model: {
        name: 'Scripted',
        kind: 'openai-compatible',
        baseUrl,
        modelId: 'scripted-model',
        supportsVision: false,
        reasoningEffort: 'default',
        contextWindow: 128_000,
        insecureOriginAcknowledged: null,
        apiKey: '',
      },
    },
  });
  const modelId = (view['models'] as { id: string }[]).at(-1)!.id;
  await panelRequest(panel, {
    type: 'settings/save-general',
    payload: { patch: { activeModelId: modelId } },
  });
}
