// Working memory of a long task in real Chromium through the real panel: an Act run
// plans (the person approves the card), then over 20 scripted rounds keeps a ledger
// of five orders and a scratchpad, reading a local page. On the way the model makes
// the mistakes the tools must bound: ids that collide, a closed row changed without
// reopening, a scratchpad write far too large, and a `done` while rows are open. Each
// is refused with its code and nothing is lost; the panel's live checklist follows
// the ledger, and the finished answer keeps it after the chat is reopened.
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

let stack: WebStack;
let browser: WebBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let page: Page;
let panel: Page;
let tabId: number;

const ORIGIN = 'https://orders.example';
const ORDERS = ['A-101', 'A-102', 'A-103', 'A-104', 'A-105'];
const PAGE = `<!doctype html><title>Orders</title><h1>Open orders</h1>
${ORDERS.map((id, index) => `<section><h2>Order ${id}</h2><p>Total ${10 * (index + 1)} EUR.</p>${Array.from({ length: 12 }, () => '<p>Line item.</p>').join('')}</section>`).join('\n')}`;

const PLAN = {
  summary: 'Check the five open orders and note each total.',
  steps: ['List the orders in the ledger', 'Read each order and note its total', 'Finish'],
  risks: [],
  remember: [],
  scheduling: { fits: false, note: '' },
};

const call = (id: string, name: string, args: Record<string, unknown>): ScenarioTurn => ({
  steps: [{ toolCall: { id, name, arguments: args } }],
});
const row = (id: string, status: string, fields?: { name: string; value: string }[]) => ({
  id,
  status,
  ...(fields ? { fields } : {}),
});

// One model round per entry: 22 rounds with tools, then the answer.
const ROUNDS: ScenarioTurn[] = [
  call('c01', 'progress_update', { rows: ORDERS.map((id) => row(id, 'pending')) }),
  call('c02', 'scratchpad_write', { text: 'Orders to check: 5.', mode: 'append' }),
  call('c03', 'done', { summary: 'All orders checked.', outcome: 'success' }),
  ...ORDERS.flatMap((id, index): ScenarioTurn[] => [
    call(`c${index}a`, 'find_text', { text: `Order ${id}` }),
    call(`c${index}b`, 'progress_update', {
      rows: [row(id, 'processed', [{ name: 'total', value: `${10 * (index + 1)} EUR` }])],
    }),
  ]),
  call('c14', 'progress_update', { rows: [row('a-101 ', 'failed')] }),
  call('c15', 'progress_update', { rows: [row('A-101', 'failed')] }),
  call('c16', 'progress_update', { rows: [row('A-106', 'pending'), row('a-106', 'acted')] }),
  call('c17', 'scratchpad_write', { text: 'x'.repeat(40_000), mode: 'replace' }),
  call('c18', 'scratchpad_write', { text: 'Grand total: 150 EUR.', mode: 'append' }),
  call('c19', 'progress_update', { rows: [row('A-106', 'pending')] }),
  call('c20', 'done', { summary: 'Checked five orders.', outcome: 'success' }),
  call('c21', 'progress_update', {
    rows: [row('A-106', 'skipped', [{ name: 'why', value: 'Not on the page' }])],
  }),
  call('c22', 'progress_read', { status: 'processed' }),
  call('c23', 'done', { summary: 'Checked five orders: 150 EUR in all.', outcome: 'success' }),
  { steps: [{ text: 'All five orders are checked; together they come to 150 EUR.' }] },
];

const rounds = () => requestsByKind(models.requests, 'ledger-run').rounds;
/** The tool result the model got for `callId`, from the request after it. */
function resultOf(callId: string): string {
  for (const recorded of rounds()) {
    const messages = (recorded.body as { messages?: { content: unknown; tool_call_id?: string }[] })
      .messages;
    const found = messages?.find((message) => message.tool_call_id === callId);
    if (found) return contentText(found.content);
  }
  return '';
}
const toolNames = (body: CompletionBody | undefined) =>
  (body?.tools ?? []).map((tool) => (tool as { function?: { name?: string } }).function?.name);

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

beforeAll(async () => {
  stack = await startWebStack(
    { 'orders.example': { '/': PAGE } },
    {
      models: {
        scenario: { name: 'placeholder', turns: [{ steps: [{ text: 'unused' }] }] },
        scenarios: [planningModel('ledger-run', [planAnswer(PLAN)], ROUNDS)],
      },
      browser: { planReview: 'ask' },
    },
  );
  ({ models, proxy, browser } = stack);
  page = await browser.open('orders.example');
  await browser.injectBridge(page);
  tabId = await browser.tabIdOf(page);
  await openPanel();
  await panelRequest(panel, {
    type: 'settings/save-general',
    payload: { patch: { autoNameSessions: false } },
  });
  const ids = await saveScriptedModels(panel, proxy.baseUrl, [{ modelId: 'ledger-run' }]);
  await activateModel(panel, ids['ledger-run']!);
  await panelRequest(panel, {
    type: 'session/create',
    payload: { scope: { siteId: 'web', projectId: ORIGIN } },
  });
  await panel.close();
  await openPanel();
  await panel.getByTestId('agent-mode-act').check();
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('working memory of a long web task', () => {
  it('plans, keeps a ledger and a scratchpad over 20+ rounds, and refuses what would lose work', async () => {
    const input = panel.getByTestId('composer-input');
    await input.fill('Check each open order on this page and note its total.');
    await input.press('Enter');
    const card = panel.getByTestId('plan-review');
    await card.waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Approve plan' }).click();

    // The live checklist shows the plan, then follows the ledger while the run goes.
    const live = panel.getByTestId('live-turn').getByTestId('working-memory');
    await live.waitFor({ timeout: 30_000 });
    expect(await live.locator('.working-memory-plan li').allTextContents()).toEqual(PLAN.steps);
    await expect
      .poll(() => live.getByTestId('ledger-row').count(), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(5);

    const answer = panel.getByTestId('assistant-turn').last();
    await expect
      .poll(() => answer.textContent().catch(() => ''), { timeout: 90_000 })
      .toContain('together they come to 150 EUR');

    // Every round was asked for (22 with tools), each offered the working-memory tools
    // because a plan was approved, and each carried the plan and the memory pinned.
    expect(rounds().length).toBe(ROUNDS.length);
    const last = rounds().at(-1)?.body as CompletionBody;
    expect(toolNames(last)).toEqual(
      expect.arrayContaining(['scratchpad_write', 'progress_update', 'progress_read']),
    );
    const pinned = contentText(last.messages?.find((message) => message.role === 'user')?.content);
    expect(pinned).toContain('[Approved plan]');
    expect(pinned).toContain('[Working memory]');
    expect(pinned).toContain('Grand total: 150 EUR.');

    // The mistakes were refused with their codes, and nothing changed with them.
    expect(resultOf('c03')).toContain('DONE_LEDGER_OPEN');
    expect(resultOf('c03')).toContain('A-105 (pending)');
    expect(resultOf('c14')).toContain('LEDGER_ID_COLLISION');
    expect(resultOf('c15')).toContain('LEDGER_ROW_CLOSED');
    expect(resultOf('c16')).toContain('LEDGER_ID_COLLISION');
    expect(resultOf('c17')).toContain('SCRATCHPAD_TOO_LARGE');
    expect(resultOf('c20')).toContain('A-106 (pending)');
    expect(resultOf('c22')).toContain('"total":5');
    expect(resultOf('c23')).toContain('"finished":true');

    // The stored answer keeps the final checklist: five processed, one skipped, and
    // the notes without the oversized write.
    const kept = answer.getByTestId('working-memory');
    expect(await kept.getByTestId('ledger-progress').textContent()).toBe(
      'Checklist \u00b7 6 of 6 finished',
    );
    const statuses = await kept
      .getByTestId('ledger-row')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-status')));
    expect(statuses).toEqual([...ORDERS.map(() => 'processed'), 'skipped']);
    expect(await kept.getByTestId('scratchpad').textContent()).toContain('Grand total: 150 EUR.');
    expect(await kept.getByTestId('scratchpad').textContent()).not.toContain('xxxx');

    // Reopening the chat shows the same checklist from the saved chat.
    await panel.close();
    await openPanel();
    const reopened = panel.getByTestId('assistant-turn').last().getByTestId('working-memory');
    await reopened.waitFor({ timeout: 15_000 });
    expect(await reopened.getByTestId('ledger-row').count()).toBe(6);
    expect(await reopened.locator('[data-status="processed"]').count()).toBe(5);
  }, 180_000);
});
