// Runs that survive the worker, in real Chromium through the real panel with a
// scripted model: the worker is stopped for real mid-run and the next worker goes on
// by itself. Stopped between tool rounds (a model request in flight), the run resumes
// with its earlier results and its answer appears in the panel. Stopped while an
// approval card is open, nothing is done for the person: the card comes back and only
// their click lets the call through. A run whose tab was closed meanwhile ends with
// a plain message naming the steps it took.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPanelEvents } from '../support/run-driver';
import {
  lastUserText,
  resultsOf,
  type SentBody as Body,
  type SentMessage,
} from '../support/resume-requests';
import { runRequests } from '../support/tool-runs';
import { startWebRunRig, type WebRunRig } from '../support/web-run-rig';

const HOST = 'shop.example';
const PRICES = 'prices.example';
const PAGE = '<!doctype html><title>Shop</title><h1>Shop</h1><p>Blue mug: 12 EUR</p>';
const PRICE_API = `https://${PRICES}/api`;

let rig: WebRunRig;

beforeAll(async () => {
  rig = await startWebRunRig(
    { [HOST]: { '/': PAGE }, [PRICES]: { '/api': 'Blue mug: 11 EUR' } },
    HOST,
  );
});

afterAll(async () => {
  await rig?.close();
});

/** A model whose first request with `stallAt` tool results hangs (the worker dies then). */
function scenario(
  name: string,
  marker: string,
  turn: (results: SentMessage[], stall: () => boolean) => Record<string, unknown>,
) {
  let stalled = false;
  return {
    name,
    models: ['scripted-model'],
    turns: [],
    policy: (body: Body) => {
      if ((body.tools ?? []).length === 0 || !lastUserText(body).includes(marker))
        return { steps: [{ text: 'A chat' }] };
      return turn(resultsOf(body), () => {
        if (stalled) return false;
        stalled = true;
        return true;
      });
    },
  };
}

const findText = (id: string, text: string) => ({
  steps: [{ toolCall: { id, name: 'find_text', arguments: { text } } }],
});

async function send(text: string): Promise<void> {
  const { panel } = rig;
  await panel.reload();
  await collectPanelEvents(panel);
  const input = panel.getByTestId('composer-input');
  await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
  await input.fill(text);
  await input.press('Enter');
}

/** Waits until the model server got a run request that satisfies `seen`. */
async function requested(start: number, seen: (body: Body) => boolean): Promise<void> {
  await expect
    .poll(() => runRequests(rig.models, start).some((r) => seen(r.body as Body)), {
      timeout: 30_000,
    })
    .toBe(true);
}

const lastAnswer = () => rig.panel.getByTestId('assistant-turn').last();

describe('a run the worker stopped in', () => {
  it('resumes between tool rounds and finishes, with its earlier results', async () => {
    await rig.models.setScenario(
      scenario('resume-rounds', 'Resume rounds', (results, stall) => {
        if (results.length === 0) return findText('rr-1', 'Blue mug');
        if (results.length === 1)
          return stall() ? { steps: [{ hang: true }] } : findText('rr-2', '12 EUR');
        return { steps: [{ text: 'Resumed answer: the blue mug costs 12 EUR.' }] };
      }),
    );
    const start = rig.models.requests.length;
    await send('Resume rounds: what does the blue mug cost?');
    // Step 1 is done and the model request of step 2 is out: now the worker stops.
    await requested(start, (body) => resultsOf(body).length === 1);
    const beforeStop = runRequests(rig.models, start).length;
    await rig.browser.stopWorker();
    await expect
      .poll(() => lastAnswer().textContent(), { timeout: 60_000 })
      .toContain('Resumed answer: the blue mug costs 12 EUR.');
    const after = runRequests(rig.models, start)
      .slice(beforeStop)
      .map((r) => r.body as Body);
    // The next worker's first request holds the result step 1 got before the stop.
    const resumed = after[0];
    expect(resultsOf(resumed ?? {}).map((m) => m.tool_call_id)).toEqual(['rr-1']);
    expect(after.at(-1) && resultsOf(after.at(-1)!).map((m) => m.tool_call_id)).toEqual([
      'rr-1',
      'rr-2',
    ]);
    expect(await lastAnswer().getByTestId('error').count()).toBe(0);
  }, 120_000);

  it('shows the approval card again after the stop and never approves for the person', async () => {
    await rig.models.setScenario(
      scenario('resume-approval', 'price API', (results) => {
        const last = results.at(-1)?.tool_call_id;
        if (last === undefined)
          return {
            steps: [{ toolCall: { id: 'ra-1', name: 'fetch_url', arguments: { url: PRICE_API } } }],
          };
        if (last === 'ra-1')
          return {
            steps: [{ toolCall: { id: 'ra-2', name: 'fetch_url', arguments: { url: PRICE_API } } }],
          };
        return { steps: [{ text: 'Fetched after the restart: 11 EUR.' }] };
      }),
    );
    const start = rig.models.requests.length;
    await send('Check the price API of the other shop for the blue mug.');
    const card = rig.panel.getByTestId('action-approval');
    await card.waitFor({ timeout: 30_000 });
    // The turn says the call waits for the person before the worker stops.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await rig.browser.stopWorker();
    // The next worker tells the model the call was not done; asked again, the card is back.
    await requested(start, (body) => resultsOf(body).some((m) => m.tool_call_id === 'ra-1'));
    const told = runRequests(rig.models, start)
      .map((r) => r.body as Body)
      .flatMap(resultsOf)
      .find((m) => m.tool_call_id === 'ra-1');
    expect(String(told?.content)).toMatch(/not done|Unknown outcome/);
    await expect
      .poll(() => rig.panel.getByTestId('action-approval').textContent(), { timeout: 30_000 })
      .toContain(PRICES);
    expect(rig.pages.requests.filter((entry) => entry.startsWith(`${PRICES} `))).toEqual([]);
    await rig.panel.getByTestId('action-approval').getByTestId('approve-once').click();
    await expect
      .poll(() => lastAnswer().textContent(), { timeout: 30_000 })
      .toContain('Fetched after the restart: 11 EUR.');
    expect(rig.pages.requests.filter((entry) => entry.startsWith(`${PRICES} `))).toEqual([
      `${PRICES} /api`,
    ]);
  }, 120_000);

  it('ends with a plain message when its tab was closed before the restart', async () => {
    await rig.models.setScenario(
      scenario('resume-tab-closed', 'Resume closed tab', (results, stall) => {
        if (results.length === 0) return findText('rt-1', 'Blue mug');
        return stall() ? { steps: [{ hang: true }] } : { steps: [{ text: 'Should not run.' }] };
      }),
    );
    const start = rig.models.requests.length;
    await send('Resume closed tab: what does the blue mug cost?');
    await requested(start, (body) => resultsOf(body).length === 1);
    // No panel is open to wake the next worker before the tab is gone.
    await rig.panel.close();
    await rig.browser.stopWorker();
    await rig.tab.close();
    const tab = await rig.browser.open(HOST);
    const panel = await rig.browser.openPanelTab(await rig.browser.tabIdOf(tab));
    const error = panel.getByTestId('assistant-turn').last().getByTestId('error');
    await expect
      .poll(
        async () => {
          if ((await error.count()) === 0) await panel.reload();
          return (await error.count()) > 0 ? error.getAttribute('data-code') : null;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('RUN_TAB_CLOSED');
    expect(await error.getByTestId('error-text').textContent()).toContain(
      'The tab this task was working in was closed, so it stopped after 1 step.',
    );
    const bodies = runRequests(rig.models, start).map((r) => r.body as Body);
    expect(bodies.some((body) => JSON.stringify(body).includes('Should not run.'))).toBe(false);
    expect(bodies.filter((body) => resultsOf(body).length === 1)).toHaveLength(1);
  }, 120_000);
});
