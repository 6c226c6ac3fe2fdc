// "Buy the cheapest red shirt in size M" on a local shop, through the real Chromium
// side panel in Act mode: the oracle model (it reads the tree the product sent and
// picks every target by role and name) searches, filters by colour and size, opens
// the cheapest match, chooses the size in the native select, adds it to the cart and
// fills the checkout form. "Place order" opens an approval card that names the price;
// approving it leaves exactly the right order in the shop's own server-side record,
// denying it leaves none.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { activateModel, saveScriptedModels } from '../support/panel-page';
import { openRealSidePanel, type RealSidePanel } from '../support/real-side-panel';
import { launchWebBrowser, type WebBrowser } from '../support/web-browser';
import { startWebPages, type WebPages } from '../support/web-pages';
import { createShopState } from '../support/web-fixtures/shop/shop-catalogue';
import { SHOP_HOST, shopPages } from '../support/web-fixtures/shop/shop-site';
import { oraclePolicy } from '../web-tasks/oracle';
import { arrowsTo, cheapestLink } from '../web-tasks/plan-steps';
import type { PlanStep } from '../web-tasks/task';

const GOAL = 'Buy the cheapest red shirt in size M, for Ada Lovelace, 12 Baker Street.';
const PLAN: PlanStep[] = [
  { act: 'type', role: 'searchbox', name: 'Search the shop', text: 'shirt', submit: true },
  { act: 'check', role: 'checkbox', name: 'Red', checked: true },
  { act: 'check', role: 'checkbox', name: 'M', checked: true },
  cheapestLink,
  { act: 'click', role: 'combobox', name: 'Size' },
  arrowsTo('Size', 'M'),
  { act: 'keys', keys: ['Enter'] },
  { act: 'click', role: 'button', name: 'Add to cart' },
  { act: 'click', role: 'link', name: 'Go to checkout' },
  { act: 'type', role: 'textbox', name: 'Full name', text: 'Ada Lovelace' },
  { act: 'type', role: 'textbox', name: 'Street address', text: '12 Baker Street' },
  { act: 'click', role: 'button', name: 'Place order' },
];

const state = createShopState();
let pages: WebPages;
let browser: WebBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let shop: Page;
let panel: RealSidePanel;

/** Runs an expression in the side panel once it yields something truthy. */
async function panelWaitFor<T>(expression: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await panel.evaluate<T>(expression);
    if (value) return value;
    if (Date.now() > deadline) {
      const text = await panel.evaluate<string>('document.body.innerText');
      throw new Error(
        `The side panel never showed: ${expression}\nIt shows: ${text.slice(0, 3_000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Types the goal into the composer, as a person does, and presses Send. */
async function sendGoal(): Promise<void> {
  await panelWaitFor<boolean>(
    `document.querySelector('[data-testid="composer-input"]')?.disabled === false`,
  );
  await panel.evaluate(`(() => {
    document.querySelector('[data-testid="agent-mode-act"]').click();
    const input = document.querySelector('[data-testid="composer-input"]');
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set;
    setter.call(input, ${JSON.stringify(GOAL)});
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return true;
  })()`);
  await panelWaitFor<boolean>(
    `document.querySelector('[name="agent-mode"]:checked')?.value === 'act' && document.querySelector('[data-testid="send"]')?.disabled === false`,
  );
  await panel.evaluate(`document.querySelector('[data-testid="send"]').click()`);
}

/** The approval card's words (what, and why it asks) once it shows; then presses `decision`. */
async function decideCard(decision: 'approve-once' | 'deny'): Promise<string> {
  const effect = await panelWaitFor<string>(
    `document.querySelector('[data-testid="action-approval"] [data-testid="action-effect"]')?.textContent ?? ''`,
    40_000,
  );
  const reason = await panel.evaluate<string>(
    `document.querySelector('[data-testid="action-approval"] [data-testid="action-reason"]')?.textContent ?? ''`,
  );
  await panel.evaluate(
    `document.querySelector('[data-testid="action-approval"] [data-testid="${decision}"]').click()`,
  );
  return `${effect} | ${reason.trim()}`;
}

/** Waits until the run ended: the composer offers Send again and no card is open. */
async function runEnded(): Promise<void> {
  await panelWaitFor<boolean>(
    `!!document.querySelector('[data-testid="send"]') && !document.querySelector('[data-testid="stop"]') && !document.querySelector('[data-testid="action-approval"]')`,
    60_000,
  );
}

beforeAll(async () => {
  pages = await startWebPages({ [SHOP_HOST]: shopPages(state) });
  models = await startModelServer({
    scenario: { name: 'shop-oracle', turns: [], policy: oraclePolicy(PLAN, 'all') },
  });
  proxy = await startCorsProxy(models.port);
  browser = await launchWebBrowser(pages, { hostRules: ['EXCLUDE 127.0.0.1'] });
  shop = await browser.open(SHOP_HOST);
  await browser.injectBridge(shop);
  const settings = await browser.openPanelTab(await browser.tabIdOf(shop));
  const ids = await saveScriptedModels(settings, proxy.baseUrl, [{ modelId: 'scripted-model' }]);
  await activateModel(settings, ids['scripted-model']!);
  await settings.close();
  await shop.bringToFront();
  panel = await openRealSidePanel(browser, shop);
}, 120_000);

afterAll(async () => {
  await panel?.detach();
  await browser?.close();
  await proxy?.close();
  await models?.close();
  await pages?.close();
});

beforeEach(async () => {
  state.reset();
  await shop.goto(pages.url(SHOP_HOST, '/'), { waitUntil: 'load' });
  await shop.waitForFunction(() => document.documentElement.dataset['sideAgentBridge']);
});

describe('buying the cheapest red shirt in size M through the side panel', () => {
  it('asks before the order with the price, and the approved order is the right one', async () => {
    await sendGoal();
    const effect = await decideCard('approve-once');
    expect(effect).toBe(
      `Click 'Place order' on ${SHOP_HOST} \u2014 $34.00 | It looks like it places an order or buys something.`,
    );
    await runEnded();
    expect(state.orders).toEqual([
      {
        item: 'Crimson Oxford shirt',
        colour: 'red',
        size: 'M',
        price: '$34.00',
        name: 'Ada Lovelace',
        street: '12 Baker Street',
      },
    ]);
    expect(await shop.getByRole('status').last().textContent()).toContain('Order placed: $34.00');
  });

  it('places no order when the person denies the card', async () => {
    await sendGoal();
    expect(await decideCard('deny')).toContain('Place order');
    await runEnded();
    expect(state.orders).toEqual([]);
    expect(state.cart).toEqual([{ id: 'p2', size: 'M' }]);
  });
});
