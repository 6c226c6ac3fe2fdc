// Plan before Act in real Chromium through the real panel: an Act run shows its plan
// card before any browser tool; an edited step reaches the next model request and the
// run then acts; Reject ends the run with nothing done (the page did not move, the
// model was never asked for a round with tools); Settings → Agent's auto-approve
// skips the card; a planner that answers prose twice ends the run in plain words; a
// worker stopped while the card waits leaves the chat whole and the run interrupted.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ModelServer, ScenarioTurn } from '../support/model-server/model-server.mjs';
import type { CorsProxy } from '../support/cors-proxy';
import type { WebBrowser } from '../support/web-browser';
import { startWebStack, type WebStack } from '../support/web-stack';
import { activateModel, panelRequest, saveScriptedModels } from '../support/panel-page';
import {
  contentText,
  planAnswer,
  planningModel,
  requestsByKind,
  type CompletionBody,
} from '../support/planning-model';
import { seriousAxeViolations } from '../support/axe-check';
import { REPO_ROOT } from '../support/extension-browser';

let stack: WebStack;
let browser: WebBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let page: Page;
let panel: Page;
let tabId: number;

const ORIGIN = 'https://shop.example';
const SHOP = `<!doctype html><title>Shop</title><h1>Garden shop</h1>
${Array.from({ length: 80 }, (_, index) => `<p>Product ${index + 1}: a sturdy garden tool.</p>`).join('\n')}
<h2 id="reviews">Reviews</h2><p>Five stars.</p>`;

const PLAN = {
  summary: 'Scroll down to the reviews and read them.',
  steps: ['Scroll the page down one screen', 'Read the reviews'],
  risks: ['The reviews may load late'],
  remember: [],
  scheduling: { fits: false, note: '' },
};

const scrollThenAnswer: ScenarioTurn[] = [
  {
    steps: [
      { toolCall: { id: 'call_scroll', name: 'scroll_page', arguments: { direction: 'down' } } },
    ],
  },
  { steps: [{ text: 'I scrolled down to the reviews.' }] },
];

const roundRequests = (model: string) => requestsByKind(models.requests, model).rounds;
const plannerRequests = (model: string) => requestsByKind(models.requests, model).planner;
const userText = (body: CompletionBody | undefined) =>
  (body?.messages ?? [])
    .filter((message) => message.role === 'user')
    .map((message) => contentText(message.content))
    .join('\n');

const request = (message: Record<string, unknown>): Promise<any> => panelRequest(panel, message);
const pageScroll = () => page.evaluate(() => Math.round(window.scrollY));
const lastAnswer = () => panel.getByTestId('assistant-turn').last();

async function openPanel(): Promise<void> {
  panel = await browser.openPanelTab(tabId);
  await panel.waitForFunction(
    () =>
      document.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')?.disabled ===
      false,
    null,
    { timeout: 15_000 },
  );
}

/** A fresh Act chat with `model` active, the page back at its top. */
async function freshActChat(model: string): Promise<void> {
  const ids = await saveScriptedModels(panel, proxy.baseUrl, [{ modelId: model }]);
  await activateModel(panel, ids[model]!);
  await request({
    type: 'session/create',
    payload: { scope: { siteId: 'web', projectId: ORIGIN } },
  });
  await panel.close();
  await page.evaluate(() => window.scrollTo(0, 0));
  await openPanel();
  await panel.getByTestId('agent-mode-act').check();
}

async function send(text: string): Promise<void> {
  const input = panel.getByTestId('composer-input');
  await input.fill(text);
  await input.press('Enter');
}

async function answerContains(text: string): Promise<void> {
  await expect
    .poll(
      () =>
        lastAnswer()
          .textContent()
          .catch(() => ''),
      { timeout: 30_000 },
    )
    .toContain(text);
}

const SCREENSHOTS = path.join(REPO_ROOT, 'test-results/web-plan');

/** The card in light and dark at 320 and 600 px: no axe finding, no sideways scroll. */
async function checkCardLooks(card: ReturnType<Page['getByTestId']>): Promise<void> {
  for (const width of [320, 600]) {
    await panel.setViewportSize({ width, height: 800 });
    for (const colorScheme of ['light', 'dark'] as const) {
      // Without transitions, so contrast is measured on the scheme's final colours.
      await panel.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      expect(await seriousAxeViolations(panel), `${colorScheme} ${width}`).toEqual([]);
      const size = await panel.evaluate(() => ({
        scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
        innerWidth,
      }));
      expect(size.scrollWidth, `${colorScheme} ${width}`).toBeLessThanOrEqual(size.innerWidth);
      await card.screenshot({
        path: path.join(SCREENSHOTS, `plan-card-${colorScheme}-${width}.png`),
      });
    }
  }
  await panel.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
}

beforeAll(async () => {
  stack = await startWebStack(
    { 'shop.example': { '/': SHOP } },
    {
      models: {
        scenario: { name: 'placeholder', turns: [{ steps: [{ text: 'unused' }] }] },
        scenarios: [
          planningModel('plan-edit', [planAnswer(PLAN)], scrollThenAnswer),
          planningModel('plan-reject', [planAnswer(PLAN)], scrollThenAnswer),
          planningModel('plan-auto', [planAnswer(PLAN)], scrollThenAnswer),
          planningModel('plan-restart', [planAnswer(PLAN)], scrollThenAnswer),
          planningModel(
            'plan-prose',
            [
              planAnswer('I will scroll down and read the reviews.'),
              planAnswer('<think>They want JSON.</think>Sorry, here it is: scroll, then read.'),
            ],
            scrollThenAnswer,
          ),
        ],
      },
      browser: { planReview: 'ask' },
    },
  );
  ({ models, proxy, browser } = stack);
  page = await browser.open('shop.example');
  await page.setViewportSize({ width: 800, height: 500 });
  await browser.injectBridge(page);
  tabId = await browser.tabIdOf(page);
  await openPanel();
  await request({ type: 'settings/save-general', payload: { patch: { autoNameSessions: false } } });
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('plan before act on a web page', () => {
  it('shows the plan before any browser tool, and sends the edited plan in the next request', async () => {
    await freshActChat('plan-edit');
    await send('Scroll down to the reviews.');
    const card = panel.getByTestId('plan-review');
    await card.waitFor({ timeout: 30_000 });
    expect(await card.getByTestId('plan-summary').textContent()).toBe(PLAN.summary);
    expect(await card.getByRole('textbox', { name: 'Step 1' }).inputValue()).toBe(PLAN.steps[0]);
    // Nothing acted yet: no round with tools was asked for and the page did not move.
    expect(plannerRequests('plan-edit')).toHaveLength(1);
    expect(roundRequests('plan-edit')).toHaveLength(0);
    expect(await pageScroll()).toBe(0);
    // The planner got the page as labelled untrusted data, and no tools.
    const planner = plannerRequests('plan-edit')[0]?.body as CompletionBody;
    expect(planner.tools ?? []).toEqual([]);
    expect(userText(planner)).toContain('untrusted_page_content');
    await checkCardLooks(card);

    await card.getByRole('textbox', { name: 'Step 2' }).fill('Read the first review aloud');
    await card.getByRole('button', { name: 'Approve plan' }).click();
    await answerContains('I scrolled down to the reviews.');
    expect(await pageScroll()).toBeGreaterThan(300);
    const first = roundRequests('plan-edit')[0]?.body as CompletionBody;
    expect(userText(first)).toContain('[Approved plan]');
    expect(userText(first)).toContain('2. Read the first review aloud');
    expect(userText(first)).not.toContain('2. Read the reviews');
    // The answer keeps the plan as approved, behind one closed line.
    const kept = lastAnswer().getByTestId('approved-plan');
    await kept.locator('summary').click();
    expect(await kept.locator('li').allTextContents()).toEqual([
      PLAN.steps[0],
      'Read the first review aloud',
    ]);
  });

  it('ends the run with nothing done when the person rejects the plan', async () => {
    await freshActChat('plan-reject');
    await send('Scroll down to the reviews.');
    const card = panel.getByTestId('plan-review');
    await card.waitFor({ timeout: 30_000 });
    // The card answers from the keyboard as well as from a click.
    await card.getByRole('button', { name: 'Reject' }).focus();
    await panel.keyboard.press('Enter');
    await answerContains('You rejected the plan, so nothing was done on the page.');
    // Plain words for the person; the code waits behind Details.
    expect(await lastAnswer().innerText()).not.toContain('PLAN_REJECTED');
    expect(await lastAnswer().textContent()).toContain('PLAN_REJECTED');
    expect(roundRequests('plan-reject')).toHaveLength(0);
    expect(await pageScroll()).toBe(0);
  });

  it('skips the card when Settings → Agent approves plans automatically', async () => {
    await panel.getByTestId('settings-toggle').click();
    await panel.getByRole('tab', { name: 'Agent' }).click();
    for (const colorScheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      expect(await seriousAxeViolations(panel), `Settings → Agent, ${colorScheme}`).toEqual([]);
    }
    await panel.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
    await panel.getByTestId('plan-review-setting').selectOption('auto');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => panel.locator('form.sa-general [role="status"]').textContent())
      .toBe('Saved.');
    await freshActChat('plan-auto');
    await send('Scroll down to the reviews.');
    await answerContains('I scrolled down to the reviews.');
    expect(await panel.getByTestId('plan-review').count()).toBe(0);
    expect(await pageScroll()).toBeGreaterThan(300);
    expect(userText(roundRequests('plan-auto')[0]?.body as CompletionBody)).toContain(
      '1. Scroll the page down one screen',
    );
    await request({ type: 'settings/save-general', payload: { patch: { planReview: 'ask' } } });
  });

  it('ends the run with a clear message when the planner answers prose twice', async () => {
    await freshActChat('plan-prose');
    await send('Scroll down to the reviews.');
    await answerContains('The model did not return a usable plan, even when asked twice');
    expect(plannerRequests('plan-prose')).toHaveLength(2);
    const repair = plannerRequests('plan-prose')[1]?.body as CompletionBody;
    expect(userText(repair)).toContain('The reply held no JSON object.');
    expect(roundRequests('plan-prose')).toHaveLength(0);
    expect(await panel.getByTestId('plan-review').count()).toBe(0);
    expect(await pageScroll()).toBe(0);
  });

  it('keeps the chat when the worker stops while the plan waits, and says the run was interrupted', async () => {
    await freshActChat('plan-restart');
    await send('Scroll down to the reviews.');
    await panel.getByTestId('plan-review').waitFor({ timeout: 30_000 });
    await browser.stopWorker();
    await panel.close();
    await openPanel();
    await answerContains('Interrupted');
    expect(await panel.getByTestId('user-turn').last().textContent()).toContain(
      'Scroll down to the reviews.',
    );
    expect(await panel.getByTestId('plan-review').count()).toBe(0);
    expect(roundRequests('plan-restart')).toHaveLength(0);
    expect(await pageScroll()).toBe(0);
  });
});
