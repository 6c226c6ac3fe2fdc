// Runs that survive the worker while they wait on the person or hold the browser's
// input, in real Chromium through the real panel with a scripted model. A question the
// agent asked before the worker stopped is asked again by the next worker and the
// person's click answers it; a run that clicked through the debugger before the stop
// clicks again after it (the old session was cleaned up, the first click is never
// repeated) and leaves no debugger attached when it ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPanelEvents } from '../support/run-driver';
import {
  lastUserText,
  resultsOf,
  type SentBody as Body,
  type SentMessage,
} from '../support/resume-requests';
import { runRequests } from '../support/tool-runs';
import { refIn, startWebRunRig, treeOf, type WebRunRig } from '../support/web-run-rig';

const HOST = 'shirts.example';
const PAGE = `<!doctype html><title>Shirts</title><h1>Red shirt</h1>
<p>Sizes S, M, L.</p>
<button id="add" onclick="document.getElementById('count').textContent = String(++window.added)">Add to cart</button>
<p>In cart: <span id="count">0</span></p>
<script>window.added = 0;</script>`;

let rig: WebRunRig;

beforeAll(async () => {
  rig = await startWebRunRig({ [HOST]: { '/': PAGE } }, HOST);
});

afterAll(async () => {
  await rig?.close();
});

const call = (id: string, name: string, args: Record<string, unknown>) => ({
  steps: [{ toolCall: { id, name, arguments: args } }],
});

/** A scenario that answers only the run's rounds of the message holding `marker`. */
function scenario(name: string, marker: string, turn: (results: SentMessage[]) => object) {
  return {
    name,
    models: ['scripted-model'],
    turns: [],
    policy: (body: Body) =>
      (body.tools ?? []).length === 0 || !lastUserText(body).includes(marker)
        ? { steps: [{ text: 'A chat' }] }
        : turn(resultsOf(body)),
  };
}

/** Sends `text` from the panel's composer in a new chat in Act mode, as the person would. */
async function sendInAct(text: string): Promise<void> {
  const { panel } = rig;
  await panel.reload();
  await collectPanelEvents(panel);
  await panel.getByTestId('header-new-chat').click();
  await panel.getByTestId('agent-mode-act').check();
  const input = panel.getByTestId('composer-input');
  await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
  await input.fill(text);
  await input.press('Enter');
}

const lastAnswer = () => rig.panel.getByTestId('assistant-turn').last();

/**
 * Whether the extension holds a debugger session on the run's tab: a command goes
 * through only then (the test's own CDP connection makes `getTargets` say attached).
 */
async function debuggerAttached(): Promise<boolean> {
  const worker = await rig.browser.worker();
  return worker.evaluate(async (tabId) => {
    try {
      await chrome.debugger.sendCommand({ tabId }, 'Runtime.evaluate', { expression: '1' });
      return true;
    } catch {
      return false;
    }
  }, rig.tabId);
}

describe('a run the worker stopped while it waited', () => {
  it('asks its question again after the stop, and the person’s click answers it', async () => {
    const QUESTION = 'Which size do you want?';
    await rig.models.setScenario(
      scenario('resume-clarify', 'Buy the red shirt', (results) => {
        const told = results.map((m) => String(m.content));
        if (results.length === 0)
          return call('rc-1', 'clarify', { question: QUESTION, options: ['S', 'M', 'L'] });
        if (results.length === 1)
          return call('rc-2', 'clarify', { question: QUESTION, options: ['S', 'M', 'L'] });
        return { steps: [{ text: `Answered after the restart: ${told.at(-1)}` }] };
      }),
    );
    const start = rig.models.requests.length;
    await sendInAct('Buy the red shirt for me.');
    await rig.panel.getByTestId('clarify').waitFor({ timeout: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await rig.browser.stopWorker();
    // The next worker tells the model its question was not answered; asked again, the card is back.
    const toldOf = () =>
      runRequests(rig.models, start)
        .map((r) => r.body as Body)
        .flatMap(resultsOf)
        .find((m) => m.tool_call_id === 'rc-1');
    await expect.poll(() => toldOf() !== undefined, { timeout: 60_000 }).toBe(true);
    expect(String(toldOf()?.content)).toMatch(/not done/i);
    await expect
      .poll(() => rig.panel.getByTestId('clarify-question').textContent(), { timeout: 30_000 })
      .toBe(QUESTION);
    await rig.panel.getByTestId('clarify-option').filter({ hasText: 'M' }).click();
    await expect
      .poll(() => lastAnswer().textContent(), { timeout: 30_000 })
      .toContain('Answered after the restart');
    const answered = runRequests(rig.models, start)
      .map((r) => r.body as Body)
      .flatMap(resultsOf)
      .find((m) => m.tool_call_id === 'rc-2');
    expect(JSON.parse(String(answered?.content))).toMatchObject({
      ok: true,
      result: { answered: true, answer: 'M' },
    });
  }, 150_000);

  it('clicks again through a fresh debugger session and detaches it at the end', async () => {
    let stalled = false;
    // Read off the tree before the stop: a resumed run holds each earlier result as
    // its short summary, not the whole tree.
    let ref = '';
    await rig.models.setScenario(
      scenario('resume-debugger', 'Add two red shirts', (results) => {
        if (results.length === 0) return call('rd-1', 'get_accessibility_tree', {});
        if (results.length === 1)
          ref = refIn(treeOf(JSON.parse(String(results[0]?.content))), 'button', 'Add to cart');
        if (results.length === 1) return call('rd-2', 'click', { ref });
        if (results.length === 2 && !stalled) {
          stalled = true;
          return { steps: [{ hang: true }] };
        }
        if (results.length === 2) return call('rd-3', 'click', { ref });
        return { steps: [{ text: 'Two shirts are in the cart.' }] };
      }),
    );
    expect(await debuggerAttached()).toBe(false);
    const start = rig.models.requests.length;
    await sendInAct('Add two red shirts to the cart.');
    // The first click is done and the next model request is out: the worker stops now.
    await expect
      .poll(
        () =>
          runRequests(rig.models, start).some(
            (r) =>
              lastUserText(r.body as Body).includes('Add two red shirts') &&
              resultsOf(r.body as Body).length === 2,
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(await rig.tab.locator('#count').textContent()).toBe('1');
    expect(await debuggerAttached()).toBe(true);
    await rig.browser.stopWorker();
    await expect
      .poll(() => lastAnswer().textContent(), { timeout: 60_000 })
      .toContain('Two shirts are in the cart.');
    // One click before the stop, one after: the first was never repeated.
    expect(await rig.tab.locator('#count').textContent()).toBe('2');
    const after = runRequests(rig.models, start).map((r) => r.body as Body);
    const second = after.flatMap(resultsOf).find((m) => m.tool_call_id === 'rd-3');
    expect(JSON.parse(String(second?.content))).toMatchObject({ ok: true });
    await expect.poll(() => debuggerAttached(), { timeout: 10_000 }).toBe(false);
  }, 150_000);
});
