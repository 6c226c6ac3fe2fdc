// Accessibility of the panel, checked in real Chromium: axe-core finds no serious or
// critical violation on the chat with its activity rows (closed and open), the command
// palette and a command's note, an error, and each Settings tab, in light and dark; the
// activity rows have a role and a name; an error is announced once in the person's
// words and is not left as an alert; the panel never scrolls sideways at 320 px. A
// typst.app project tab (fixture page) with the scripted model gives the chat a tool call.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchExtensionBrowser, type ExtensionBrowser } from '../support/extension-browser';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { startHttpsSite, type HttpsSite } from '../support/https-site';
import { codemirrorBundle, editorPageHtml } from '../support/fixture-pages';

let harness: ExtensionBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let site: HttpsSite;
let panel: Page;

async function request(message: Record<string, unknown>): Promise<any> {
  const response = (await panel.evaluate(
    (envelope) => chrome.runtime.sendMessage({ requestId: crypto.randomUUID(), ...envelope }),
    message,
  )) as { ok: boolean; data: unknown; error?: unknown };
  if (!response.ok) throw new Error(JSON.stringify(response.error));
  return response.data;
}

/** Whether anything in the panel is wider than the viewport. */
const overflow = () =>
  panel.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth,
  }));

beforeAll(async () => {
  const script = await codemirrorBundle();
  site = await startHttpsSite((url) => {
    if (url.pathname === '/__fixture/codemirror.js')
      return { type: 'text/javascript', body: script };
    if (url.pathname.startsWith('/project/'))
      return {
        type: 'text/html',
        body: editorPageHtml({
          project: 'Design',
          path: 'main.typ',
          text: '= Design\n'.repeat(12),
        }),
      };
    return undefined;
  });
  models = await startModelServer({ scenario: 'basic-tool-loop' });
  proxy = await startCorsProxy(models.port);
  harness = await launchExtensionBrowser({
    typstPort: site.port,
    hostRules: ['EXCLUDE 127.0.0.1'],
  });
  await harness.waitForStartup();
  const project = await harness.context.newPage();
  await project.goto('https://typst.app/project/design-project');
  await project.waitForFunction(
    () => document.documentElement.dataset['sideAgentBridge'] === 'connected',
    null,
    { timeout: 15_000 },
  );
  panel = await harness.openPanelTab(await harness.tabIdOf(project));
  const view = await request({
    type: 'settings/save-model',
    payload: {
      model: {
        name: 'Scripted model with a long name',
        kind: 'openai-compatible',
        baseUrl: proxy.baseUrl,
        modelId: 'scripted-model',
        supportsVision: false,
        reasoningEffort: 'default',
        contextWindow: 32_768,
        insecureOriginAcknowledged: null,
        apiKey: '',
      },
    },
  });
  await request({
    type: 'settings/save-general',
    payload: { patch: { activeModelId: view.models[0].id } },
  });
  await panel.reload();
  const input = panel.getByTestId('composer-input');
  await panel.waitForFunction(
    () =>
      document.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')?.disabled ===
      false,
    null,
    { timeout: 15_000 },
  );
  await input.fill('How many lines does the document have? Count them for me please.');
  await input.press('Enter');
  await panel.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-testid="assistant-turn"]')]
        .at(-1)
        ?.textContent?.includes('12 lines'),
    null,
    { timeout: 30_000 },
  );
}, 120_000);

afterAll(async () => {
  await harness?.close();
  await proxy?.close().catch(() => undefined);
  await models?.close();
  await site?.close();
});

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Serious and critical axe violations of the panel as it is now, printed when any. */
async function seriousViolations(): Promise<string[]> {
  const source = await readFile(
    createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
    'utf8',
  );
  // Evaluated through the debugger protocol, so the extension page's CSP does not apply.
  await panel.evaluate(source);
  const violations = (await panel.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run: (context: Document) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    return (await axe.run(document)).violations;
  })) as AxeViolation[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

async function inBothSchemes(check: () => Promise<void>) {
  for (const colorScheme of ['light', 'dark'] as const) {
    // Without reduced motion, buttons fade their colours for 120 ms after the scheme
    // changes, and axe could measure contrast halfway through the fade.
    await panel.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await check();
  }
  await panel.emulateMedia({ colorScheme: 'light' });
}

describe('panel accessibility', () => {
  it('has no serious or critical axe violation on the chat, activity rows closed and open', async () => {
    const row = panel.getByTestId('tool-card').first();
    // The scenario's read asks for lines past the end of the 12-line file: the row says
    // what was tried and how it ended, in words.
    expect(await row.getAttribute('aria-label')).toMatch(/^Read document.*: (Done|Failed)$/);
    expect(await row.evaluate((element) => element.tagName)).toBe('LI');
    await inBothSchemes(async () => expect(await seriousViolations()).toEqual([]));
    await row.locator('summary').click();
    expect(await row.getByTestId('activity-details').isVisible()).toBe(true);
    await inBothSchemes(async () => expect(await seriousViolations()).toEqual([]));
    await row.locator('summary').click();
  });

  it('has no serious or critical axe violation on each Settings tab', async () => {
    await panel.getByTestId('settings-toggle').click();
    const tabs = panel.getByRole('tab');
    const count = await tabs.count();
    expect(count).toBeGreaterThan(3);
    for (let index = 0; index < count; index += 1) {
      await tabs.nth(index).click();
      await inBothSchemes(async () => {
        const found = await seriousViolations();
        expect(found, (await tabs.nth(index).textContent()) ?? '').toEqual([]);
      });
    }
    // Site guides with the list loaded, then with every guide switched off (unsaved).
    await panel.getByRole('tab', { name: 'Site guides' }).click();
    await panel.getByTestId('guides-list').waitFor();
    await inBothSchemes(async () => expect(await seriousViolations()).toEqual([]));
    await panel.getByLabel('Use site guides in web chats').uncheck();
    await inBothSchemes(async () => expect(await seriousViolations()).toEqual([]));
    await panel.keyboard.press('Escape');
    await expect.poll(() => panel.getByTestId('composer-input').count()).toBe(1);
  });

  it('has no serious or critical axe violation with the command palette open and a command note', async () => {
    const input = panel.getByTestId('composer-input');
    await input.fill('');
    await input.focus();
    await panel.keyboard.type('/');
    await expect.poll(() => panel.getByRole('listbox', { name: 'Commands' }).count()).toBe(1);
    await inBothSchemes(async () => expect(await seriousViolations()).toEqual([]));
    await panel.keyboard.type('show');
    await panel.keyboard.press('Enter');
    await expect.poll(() => panel.getByTestId('command-output').count()).toBe(1);
    await inBothSchemes(async () => expect(await seriousViolations()).toEqual([]));
    await panel.getByTestId('command-output-dismiss').click();
  });

  it('says an error once in plain words, keeps the code behind Details, and fits at 320 px', async () => {
    // The model's address stops answering: a network error, as with a stopped Ollama.
    await proxy.close();
    const input = panel.getByTestId('composer-input');
    await input.fill('Are you there?');
    await input.press('Enter');
    const banner = panel.getByTestId('error').last();
    await expect.poll(() => banner.count(), { timeout: 60_000 }).toBe(1);
    const said = panel.getByTestId('announce-assertive');
    await expect
      .poll(() => said.textContent(), { timeout: 10_000 })
      .toMatch(/^Can\u2019t reach the model at 127\.0\.0\.1:\d+/);
    expect(await said.locator('p').count()).toBe(1);
    expect(await banner.getAttribute('role')).toBe('group');
    expect(await panel.locator('[data-testid="transcript"] [role="alert"]').count()).toBe(0);
    expect(await banner.getByTestId('error-code').isVisible()).toBe(false);
    expect(await banner.getByTestId('error-text').textContent()).not.toContain('PROVIDER_');
    await inBothSchemes(async () => expect(await seriousViolations()).toEqual([]));
    await panel.setViewportSize({ width: 320, height: 640 });
    await banner.getByText('Details').click();
    const size = await overflow();
    expect(size.scrollWidth).toBeLessThanOrEqual(size.innerWidth);
  });
});
