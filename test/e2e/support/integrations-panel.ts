// Driving the real side panel page for the integration e2e tests: worker requests
// from the panel, the host-permission prompt answered as a person would (see
// integrations.e2e.ts for why it is replaced), Settings tabs, fresh chats and Send.
import type { Page } from 'playwright-core';
import {
  activateModel,
  freshChatIn,
  saveScriptedModels,
  sendFromComposer,
} from '../../support/panel-page';

export { panelRequest } from '../../support/panel-page';

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
export const freshChat = (panel: Page) =>
  freshChatIn(panel, { siteId: 'typst', projectId: 'thesis' });

/** Types `text` into the composer and sends it. */
export const send = sendFromComposer;

/** Saves a scripted OpenAI-compatible model at `baseUrl` and makes it the active one. */
export async function useScriptedModel(panel: Page, baseUrl: string): Promise<void> {
  const ids = await saveScriptedModels(panel, baseUrl, [
    { name: 'Scripted', modelId: 'scripted-model' },
  ]);
  await activateModel(panel, ids['scripted-model']!);
}
