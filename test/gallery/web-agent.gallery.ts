// The web agent's states as the person sees them: the plan card before an Act run,
// the mark on the page while the agent acts, its checklist and question card, the
// composer's command palette, a run paused at the step cap and one paused at the
// cost limit, the /allow-api chip, the /json chip and a JSON result, and the Agent,
// Site guides, Quick actions, Memory, Profile
// (unlocked and locked), Skills, Scheduled and Traces tabs of Settings, General after
// Copy diagnostics, and the Traces page. One Act chat walks through them with a scripted model that plans,
// reads the page, clicks the button it found, keeps a checklist and asks a question.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { shootPanel } from '../support/gallery';
import { launchWebBrowser, type WebBrowser } from '../support/web-browser';
import { startWebPages, type WebPages } from '../support/web-pages';
import { activateModel, panelRequest, saveScriptedModels } from '../support/panel-page';
import { contentText, isPlannerRequest, type CompletionBody } from '../support/planning-model';
import { refIn, treeOf } from '../support/web-run-rig';

let pages: WebPages;
let browser: WebBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let tab: Page;
let panel: Page;
let searcherId: string;
let extractorId: string;

const SHOP = `<!doctype html><title>Garden shop</title><h1>Watering can, 5 l</h1>
<p>Galvanised steel, with a brass rose. In stock.</p>
<label>Colour <select><option>Green</option><option>Grey</option></select></label>
<button onclick="document.body.dataset.added = 'yes'">Add to basket</button>
${Array.from({ length: 12 }, (_, index) => `<p>Review ${index + 1}: sturdy and well made.</p>`).join('\n')}`;

const PLAN = {
  summary: 'Add the watering can to the basket in the colour you want.',
  steps: ['Read the product page', 'Press "Add to basket"', 'Ask which colour you want'],
  risks: ['The colour may default to green'],
  remember: [],
  scheduling: { fits: false, note: '' },
};

type ToolMessage = { role: string; content: unknown };

/** Plans, reads the tree, clicks the button it names, keeps a checklist, asks, answers. */
function shopper(body: CompletionBody, { turnIndex }: { turnIndex: number }) {
  if (isPlannerRequest(body)) return { steps: [{ text: JSON.stringify(PLAN) }] };
  const call = (name: string, args: Record<string, unknown>) => ({
    steps: [{ toolCall: { id: `call_${turnIndex}`, name, arguments: args } }],
  });
  if (turnIndex === 0) return call('get_accessibility_tree', {});
  if (turnIndex === 1) {
    const last = [...((body.messages ?? []) as ToolMessage[])].reverse();
    const tree = treeOf(JSON.parse(contentText(last.find((m) => m.role === 'tool')?.content)));
    return call('click', { ref: refIn(tree, 'button', 'Add to basket') });
  }
  if (turnIndex === 2)
    return call('progress_update', {
      rows: [
        { id: 'read-page', status: 'processed' },
        { id: 'add-to-basket', status: 'acted' },
        { id: 'choose-colour', status: 'pending' },
      ],
    });
  if (turnIndex === 3)
    return call('clarify', {
      question: 'Which colour should the watering can be?',
      options: ['Green', 'Grey'],
    });
  return { steps: [{ text: 'Added the grey watering can to your basket.' }] };
}

/** Searches one more word every round: stopped by the person's step cap. */
function searcher(_body: CompletionBody, { turnIndex }: { turnIndex: number }) {
  return {
    steps: [
      {
        toolCall: {
          id: `find_${turnIndex}`,
          name: 'find_text',
          arguments: { text: `review ${turnIndex + 1}` },
        },
      },
    ],
  };
}

/** Hands back the product as data in the person's /json format, then answers. */
function extractor(body: CompletionBody, { turnIndex }: { turnIndex: number }) {
  const answered = ((body.messages ?? []) as ToolMessage[]).some((m) => m.role === 'tool');
  if (answered) return { steps: [{ text: 'The shop lists one watering can.' }] };
  const data = [{ name: 'Watering can, 5 l', price: 24.5, colours: ['Green', 'Grey'] }];
  return {
    steps: [
      {
        toolCall: {
          id: `json_${turnIndex}`,
          name: 'done_json',
          arguments: { summary: 'Listed the product.', outcome: 'success', data },
        },
      },
    ],
  };
}

beforeAll(async () => {
  pages = await startWebPages({ 'shop.example': { '/': SHOP } });
  models = await startModelServer({
    scenario: { name: 'placeholder', turns: [{ steps: [{ text: 'unused' }] }] },
    scenarios: [
      { name: 'shopper', turns: [], policy: shopper },
      { name: 'searcher', turns: [], policy: searcher },
      { name: 'extractor', turns: [], policy: extractor },
    ],
  });
  proxy = await startCorsProxy(models.port);
  browser = await launchWebBrowser(pages, { hostRules: ['EXCLUDE 127.0.0.1'], planReview: 'ask' });
  tab = await browser.open('shop.example');
  await tab.setViewportSize({ width: 800, height: 520 });
  await browser.injectBridge(tab);
  panel = await browser.openPanelTab(await browser.tabIdOf(tab));
  const ids = await saveScriptedModels(panel, proxy.baseUrl, [
    { name: 'Scripted model', modelId: 'shopper', contextWindow: 32_768 },
    { name: 'Searching model', modelId: 'searcher', contextWindow: 32_768 },
    { name: 'Extracting model', modelId: 'extractor', contextWindow: 32_768 },
  ]);
  searcherId = ids['searcher']!;
  extractorId = ids['extractor']!;
  await activateModel(panel, ids['shopper']!);
  await panelRequest(panel, {
    type: 'settings/save-general',
    payload: { patch: { autoNameSessions: false } },
  });
  // The runs below are traced, so the Traces page has something to show.
  await panelRequest(panel, {
    type: 'traces/save-settings',
    payload: { enabled: true, maxRuns: 50, maxMegabytes: 50 },
  });
  await panel.reload();
  await panel.waitForFunction(
    () =>
      document.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')?.disabled ===
      false,
    null,
    { timeout: 15_000 },
  );
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await models?.close();
  await pages?.close();
});

describe('web agent gallery', () => {
  it('the command palette', async () => {
    await panel.getByTestId('composer-input').fill('/');
    await panel.getByTestId('command-palette').waitFor();
    await shootPanel(panel, 'web-command-palette');
    await panel.getByTestId('composer-input').fill('');
  });

  it('the plan card, the acting mark on the page and the question card', async () => {
    await panel.getByTestId('agent-mode-act').check();
    const input = panel.getByTestId('composer-input');
    await input.fill('Put the watering can in my basket.');
    await input.press('Enter');
    const card = panel.getByTestId('plan-review');
    await card.waitFor({ timeout: 30_000 });
    await shootPanel(panel, 'web-plan-review');
    await card.getByRole('button', { name: 'Approve plan' }).click();
    await panel.getByTestId('clarify').waitFor({ timeout: 30_000 });
    expect(await tab.evaluate(() => document.body.dataset['added'])).toBe('yes');
    await shootPanel(panel, 'web-clarify');
    await shootPanel(tab, 'web-acting-indicator', { height: 520 });
    await panel.getByTestId('clarify-option').filter({ hasText: 'Grey' }).click();
    await expect
      .poll(() => panel.getByTestId('assistant-turn').last().textContent(), { timeout: 30_000 })
      .toContain('Added the grey watering can');
    await shootPanel(panel, 'web-run-done');
  });

  it('a run paused at the person\u2019s step cap, with Continue', async () => {
    await panelRequest(panel, {
      type: 'settings/save-general',
      payload: { patch: { maxSteps: 5 } },
    });
    await activateModel(panel, searcherId);
    await panel.reload();
    await panel.getByTestId('agent-mode-ask').check();
    const input = panel.getByTestId('composer-input');
    await input.fill('Find every review that mentions the rose.');
    await input.press('Enter');
    const paused = panel.getByTestId('assistant-turn').last().getByTestId('error');
    await paused.waitFor({ timeout: 30_000 });
    expect(await paused.getAttribute('data-code')).toBe('STEP_LIMIT_REACHED');
    await shootPanel(panel, 'web-step-limit');
  });

  it('the chat\u2019s leave for network writes, as a chip above the composer', async () => {
    const input = panel.getByTestId('composer-input');
    await input.fill('/allow-api api.garden-shop.example');
    await input.press('Enter');
    await panel.getByTestId('api-writes-chip').waitFor({ timeout: 15_000 });
    await shootPanel(panel, 'web-allow-api-chip');
  });

  it('a run paused at the person\u2019s cost limit (a model with prices), with Continue', async () => {
    // The searching model gets prices; its first call (estimated at a few thousand
    // tokens) costs more than a cent, so the second is refused.
    await panelRequest(panel, {
      type: 'settings/save-model',
      payload: {
        model: {
          id: searcherId,
          name: 'Searching model',
          kind: 'openai-compatible',
          baseUrl: proxy.baseUrl,
          modelId: 'searcher',
          supportsVision: false,
          reasoningEffort: 'default',
          contextWindow: 32_768,
          insecureOriginAcknowledged: null,
          prices: { inputPerMillion: 10, outputPerMillion: 30 },
        },
      },
    });
    await panelRequest(panel, {
      type: 'settings/save-general',
      payload: { patch: { maxSteps: 60, runCostLimit: 0.01 } },
    });
    await activateModel(panel, searcherId);
    await panel.reload();
    await panel.getByTestId('agent-mode-ask').check();
    const input = panel.getByTestId('composer-input');
    // The step-cap answer above is the last one until this run's answer is there.
    const answers = panel.getByTestId('assistant-turn');
    await expect.poll(() => answers.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const before = await answers.count();
    await input.fill('Find every review that mentions the brass rose.');
    await input.press('Enter');
    await expect.poll(() => answers.count(), { timeout: 30_000 }).toBeGreaterThan(before);
    const paused = answers.last().getByTestId('error');
    await paused.waitFor({ timeout: 30_000 });
    expect(await paused.getAttribute('data-code')).toBe('BUDGET_RUN_COST_REACHED');
    expect(await paused.getByTestId('error-text').textContent()).toContain('$0.01');
    await shootPanel(panel, 'web-cost-limit');
    await panelRequest(panel, {
      type: 'settings/save-general',
      payload: { patch: { runCostLimit: null } },
    });
  });

  it('the /json chip waiting for Send, then the answer with its JSON result', async () => {
    await activateModel(panel, extractorId);
    await panel.reload();
    const input = panel.getByTestId('composer-input');
    await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
    await input.fill('/json [name, price:number, colours:string[]]');
    await input.press('Enter');
    await panel.getByTestId('result-format-chip').waitFor({ timeout: 15_000 });
    await shootPanel(panel, 'web-json-chip');
    await input.fill('List the products on this page with their prices.');
    await input.press('Enter');
    const block = panel.getByTestId('result-block');
    await block.last().waitFor({ timeout: 30_000 });
    await block.last().scrollIntoViewIfNeeded();
    await shootPanel(panel, 'web-json-result');
  });

  for (const [name, state] of [
    ['Agent', 'settings-agent'],
    ['Site guides', 'settings-site-guides'],
    ['Quick actions', 'settings-quick-actions'],
    ['Memory', 'settings-memory'],
    ['Skills', 'settings-skills'],
    ['Scheduled', 'settings-scheduled'],
    ['Traces', 'settings-traces'],
  ] as const) {
    it(`Settings → ${name}`, async () => {
      if ((await panel.getByRole('tablist', { name: 'Settings sections' }).count()) === 0)
        await panel.getByTestId('settings-toggle').click();
      await panel.getByRole('tab', { name }).click();
      await panel.getByRole('tabpanel').waitFor();
      await shootPanel(panel, state);
    });
  }

  it('Settings → Traces, a limit typed wrong', async () => {
    await panel.getByRole('tab', { name: 'Traces' }).click();
    await panel.getByTestId('traces-max-runs').fill('lots');
    await panel.getByTestId('traces-save-settings').click();
    await panel.getByText('Runs kept must be a whole number').waitFor();
    await shootPanel(panel, 'settings-traces-invalid');
    await panel.getByTestId('traces-max-runs').fill('50');
  });

  it('Settings → Profile, unlocked with entries and locked', async () => {
    await panelRequest(panel, {
      type: 'profile/create',
      payload: { passphrase: 'gallery passphrase' },
    });
    for (const [key, value] of [
      ['name', 'Ada Lovelace'],
      ['email', 'ada@example.test'],
      ['shipping.street', '12 Analytical Row'],
      ['shipping.city', 'London'],
      ['shipping.postal_code', 'N1 9GU'],
    ])
      await panelRequest(panel, { type: 'profile/put-entry', payload: { key, value } });
    if ((await panel.getByRole('tablist', { name: 'Settings sections' }).count()) === 0)
      await panel.getByTestId('settings-toggle').click();
    await panel.getByRole('tab', { name: 'Profile' }).click();
    await panel.getByTestId('profile-entries').waitFor();
    await shootPanel(panel, 'settings-profile-unlocked');
    await panel.getByTestId('profile-lock').click();
    await panel.getByTestId('profile-unlock').waitFor();
    await shootPanel(panel, 'settings-profile-locked');
  });

  it('Settings → General after Copy diagnostics, with its preview open', async () => {
    // Playwright takes extension origins for opaque ones, so the grant is for every origin.
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    if ((await panel.getByRole('tablist', { name: 'Settings sections' }).count()) === 0)
      await panel.getByTestId('settings-toggle').click();
    await panel.getByRole('tab', { name: 'General' }).click();
    await panel.getByTestId('copy-diagnostics').click();
    await expect
      .poll(() => panel.getByTestId('diagnostics-status').textContent(), { timeout: 15_000 })
      .toMatch(/^Copied: /);
    await panel.getByText('Preview', { exact: true }).click();
    await panel
      .locator('.sa-diagnostics')
      .evaluate((section) => section.scrollIntoView({ block: 'start' }));
    await shootPanel(panel, 'settings-diagnostics-copied');
  });

  it('the Traces page with the runs above, and one run opened', async () => {
    const page = await browser.context.newPage();
    await page.goto(panel.url().replace(/\/[^/]*$/, '/traces.html'));
    await page.getByTestId('trace-run').first().waitFor({ timeout: 15_000 });
    await shootPanel(page, 'traces-list');
    await page.getByTestId('trace-run').first().click();
    await page.waitForTimeout(300);
    await shootPanel(page, 'traces-run');
    await page.close();
  });
});
