// Profile autofill through the built extension in real Chromium and the real panel:
// the person sets a passphrase and saves shipping details in Settings → Profile, then
// asks an Act run to fill a local checkout form. The scripted model reads the page and
// calls fill_from_profile with entry keys only; the approval card shows the values,
// the test approves, the page's fields hold them, and nothing the model server
// received ever carried a value. Locking the profile makes the next fill refuse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { launchWebBrowser, type WebBrowser } from '../support/web-browser';
import { startWebPages, type WebPages } from '../support/web-pages';
import { panelWithModel, sendFromComposer } from '../support/panel-page';
import { contentText, isPlannerRequest, type CompletionBody } from '../support/planning-model';
import { refIn, treeOf } from '../support/web-run-rig';

const HOST = 'checkout.example';
const PASSPHRASE = 'a long browser-session passphrase';
const POSTAL = '10115-ZX9';
const CITY = 'Berlin-Quietschhausen';
const PAGE = `<!doctype html><title>Checkout</title><h1>Delivery address</h1>
<form name="delivery" onsubmit="return false">
  <label>Postal code <input name="postal"></label>
  <label>City <input name="city"></label>
  <button>Continue</button>
</form>`;
const PLAN = {
  summary: 'Fill the delivery address from your profile.',
  steps: ['Read the form', 'Fill postal code and city from the profile'],
  risks: [],
  remember: [],
  scheduling: { fits: false, note: '' },
};

type Message = { role: string; content: unknown };

let pages: WebPages;
let browser: WebBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let tab: Page;
let panel: Page;

/** Reads the tree, then fills both fields by entry key; says done once the fill answered. */
function filler(body: CompletionBody) {
  if (isPlannerRequest(body)) return { steps: [{ text: JSON.stringify(PLAN) }] };
  if ((body.tools ?? []).length === 0) return { steps: [{ text: 'Checkout' }] };
  const tools = ((body.messages ?? []) as Message[]).filter((message) => message.role === 'tool');
  const call = (name: string, args: Record<string, unknown>) => ({
    steps: [{ toolCall: { id: `call_${Date.now()}`, name, arguments: args } }],
  });
  if (tools.length === 0) return call('get_accessibility_tree', {});
  const last = JSON.parse(contentText(tools.at(-1)?.content)) as Record<string, unknown>;
  const tree = treeOf(last);
  if (tree === '') return { steps: [{ text: 'Done.' }] };
  return call('fill_from_profile', {
    fills: [
      { ref: refIn(tree, 'textbox', 'Postal code'), entry: 'shipping.postal_code' },
      { ref: refIn(tree, 'textbox', 'City'), entry: 'shipping.city' },
    ],
  });
}

beforeAll(async () => {
  pages = await startWebPages({ [HOST]: { '/': PAGE } });
  models = await startModelServer({
    scenario: { name: 'profile-filler', turns: [], policy: filler },
  });
  proxy = await startCorsProxy(models.port);
  browser = await launchWebBrowser(pages, { hostRules: ['EXCLUDE 127.0.0.1'] });
  tab = await browser.open(HOST);
  panel = await panelWithModel(browser, tab, proxy.baseUrl, 'profile-filler');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await models?.close();
  await pages?.close();
});

async function openProfileTab(): Promise<void> {
  if ((await panel.getByRole('tablist', { name: 'Settings sections' }).count()) === 0)
    await panel.getByTestId('settings-toggle').click();
  await panel.getByRole('tab', { name: 'Profile' }).click();
}

async function addEntry(key: string, value: string): Promise<void> {
  const form = panel.getByTestId('profile-add-form');
  await form.getByTestId('profile-entry-key').fill(key);
  await form.getByTestId('profile-entry-value').fill(value);
  const rows = panel.getByTestId('profile-entry');
  const before = await rows.count();
  await form.getByTestId('profile-entry-save').click();
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(before + 1);
}

/** Sends `text` and resolves once the chat shows it. */
async function ask(text: string): Promise<void> {
  const asked = panel.getByTestId('user-turn');
  const before = await asked.count();
  await sendFromComposer(panel, text);
  await expect.poll(() => asked.count(), { timeout: 30_000 }).toBeGreaterThan(before);
}

/** Waits until every message has its answer and the last one is stored as complete. */
async function lastTurnComplete(): Promise<void> {
  await expect
    .poll(
      async () => {
        const asked = await panel.getByTestId('user-turn').count();
        const answers = panel.getByTestId('assistant-turn');
        if ((await answers.count()) !== asked) return null;
        return answers
          .last()
          .getAttribute('data-status', { timeout: 1_000 })
          .catch(() => null);
      },
      { timeout: 60_000 },
    )
    .toBe('complete');
}

describe('profile autofill', () => {
  it('fills a form from the profile after the person approves a card that shows the values', async () => {
    await openProfileTab();
    await panel.getByTestId('profile-passphrase').fill(PASSPHRASE);
    await panel.getByTestId('profile-passphrase-again').fill(PASSPHRASE);
    await panel.getByTestId('profile-create').click();
    await panel.getByTestId('profile-add-form').waitFor({ timeout: 30_000 });
    await addEntry('shipping.postal_code', POSTAL);
    await addEntry('shipping.city', CITY);
    await panel.getByTestId('settings-toggle').click();

    await panel.getByTestId('agent-mode-act').check();
    await ask('Fill the delivery form with my shipping address.');
    const card = panel.getByTestId('action-approval');
    await card.waitFor({ timeout: 60_000 });
    expect(await card.getByTestId('action-detail').textContent()).toBe(
      `shipping.postal_code: ${POSTAL}\nshipping.city: ${CITY}`,
    );
    expect(await tab.evaluate(() => document.querySelector('input')?.value)).toBe('');
    await card.getByTestId('approve-once').click();
    await lastTurnComplete();

    const values = await tab.evaluate(() =>
      [...document.querySelectorAll('input')].map((input) => input.value),
    );
    expect(values).toEqual([POSTAL, CITY]);
    const sent = JSON.stringify(models.requests.map((request) => request.body));
    expect(sent).toContain('fill_from_profile');
    expect(sent).toContain('shipping.postal_code');
    expect(sent).toContain('filled with profile entry shipping.city');
    expect(sent).not.toContain(POSTAL);
    expect(sent).not.toContain(CITY);
  });

  it('tells the model the profile is locked once the person locks it, and fills nothing', async () => {
    await tab.evaluate(() =>
      document.querySelectorAll('input').forEach((input) => (input.value = '')),
    );
    await openProfileTab();
    await panel.getByTestId('profile-lock').click();
    await panel.getByTestId('profile-unlock').waitFor();
    await panel.getByTestId('settings-toggle').click();
    const start = models.requests.length;
    await ask('Fill the delivery form with my shipping address again.');
    await lastTurnComplete();
    expect(await panel.getByTestId('action-approval').count()).toBe(0);
    const sent = JSON.stringify(models.requests.slice(start).map((request) => request.body));
    expect(sent).toContain('profile is locked');
    expect(sent).toContain('PROFILE_LOCKED');
    expect(sent).not.toContain(CITY);
    const values = await tab.evaluate(() =>
      [...document.querySelectorAll('input')].map((input) => input.value),
    );
    expect(values).toEqual(['', '']);
  });
});
