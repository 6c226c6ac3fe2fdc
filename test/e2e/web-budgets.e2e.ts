// The person's step cap and token limit, through the built extension in real
// Chromium with a scripted model: a model that never stops is stopped at the cap with
// a summary of what it did, a run that spends past its token limit pauses, and in
// both cases Continue goes on in the same chat with nothing lost; a model with prices
// pauses at the person's cost limit the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPanelEvents } from '../support/run-driver';
import { runRequests } from '../support/tool-runs';
import { startWebRunRig, type WebRunRig } from '../support/web-run-rig';

const HOST = 'notes.example';
const PAGE = '<!doctype html><title>Notes</title><h1>Notes</h1><p>Alpha beta gamma.</p>';
const CONTINUE = 'Continue from where you stopped.';

let rig: WebRunRig;

beforeAll(async () => {
  rig = await startWebRunRig({ [HOST]: { '/': PAGE } }, HOST);
});

afterAll(async () => {
  await rig?.close();
});

type Body = { messages?: { role: string; content?: unknown }[] };
/** Whether the person's latest message is the Continue (the chats of this file go on). */
const continued = (body: Body) =>
  JSON.stringify(body.messages?.filter((m) => m.role === 'user').at(-1)?.content).includes(
    CONTINUE,
  );

/** A model that searches for one more word every round, until it is told to continue. */
function searcher(name: string, usage?: { prompt_tokens: number; completion_tokens: number }) {
  return {
    name,
    models: ['scripted-model'],
    turns: [],
    policy: (body: Body, { turnIndex }: { turnIndex: number }) =>
      continued(body)
        ? { steps: [{ text: 'All words searched.' }], ...(usage ? { usage } : {}) }
        : {
            steps: [
              {
                toolCall: {
                  id: `find-${turnIndex}`,
                  name: 'find_text',
                  arguments: { text: `word ${turnIndex}` },
                },
              },
            ],
            ...(usage ? { usage } : {}),
          },
  };
}

/** Continue as the panel sends it: a new run on the same chat after a Continue message. */
async function continueIn(sessionId: string): Promise<string> {
  const { driver, tabId, modelId } = rig;
  const scope = { siteId: 'web', projectId: `https://${HOST}` };
  const identity = { tabId, scope, sessionId };
  const runId = `run-continue-${Date.now()}`;
  const userTurnId = `user-continue-${Date.now()}`;
  const must = async (message: Record<string, unknown>) => {
    const result = await driver.send(message);
    if (!result.ok) throw new Error(`${String(message['type'])}: ${result.error?.code}`);
  };
  await must({ type: 'run/reserve', runId, payload: identity });
  await must({
    type: 'session/append-user-turn',
    payload: {
      sessionId,
      turn: {
        id: userTurnId,
        role: 'user',
        createdAt: Date.now(),
        text: CONTINUE,
        file: null,
        attachments: [],
      },
    },
  });
  await must({
    type: 'run/start',
    runId,
    payload: {
      ...identity,
      userTurnId,
      modelId,
      editMode: 'ask',
      file: null,
      selection: null,
      attachments: [],
      attachmentRecords: [],
    },
  });
  return runId;
}

async function saveGeneral(patch: Record<string, unknown>) {
  const result = await rig.driver.send({ type: 'settings/save-general', payload: { patch } });
  expect(result.ok).toBe(true);
}

const noticesOf = async (runId: string) =>
  (await rig.driver.eventsOf(runId))
    .filter((event) => event.type === 'run/notice')
    .map((event) => event.payload as { message: string; code?: string });

describe('through the panel', () => {
  it('shows the pause with Continue, and Continue goes on in the same chat', async () => {
    await saveGeneral({ maxSteps: 5, runTokenLimit: null, dayTokenLimit: null });
    await rig.models.setScenario(searcher('never-stops-panel'));
    const { panel } = rig;
    // A fresh panel opens a new chat; the driver's event log is set up again after it.
    await panel.reload();
    await collectPanelEvents(panel);
    await panel.getByTestId('composer-input').fill('Search every word.');
    await panel.getByTestId('composer-input').press('Enter');
    const paused = panel.getByTestId('assistant-turn').last().getByTestId('error');
    await paused.waitFor({ timeout: 30_000 });
    expect(await paused.getAttribute('data-code')).toBe('STEP_LIMIT_REACHED');
    expect(await paused.getByTestId('error-text').textContent()).toContain(
      'Continue lets it go on',
    );
    await paused.getByTestId('error-continue').click();
    await expect
      .poll(() => panel.getByTestId('assistant-turn').last().textContent(), { timeout: 30_000 })
      .toContain('All words searched.');
    // Continue is visible as what it was, in the same chat, after the paused answer.
    expect(await panel.getByTestId('user-turn').last().textContent()).toContain(CONTINUE);
    expect(await panel.getByTestId('assistant-turn').count()).toBe(2);
    // Each answer shows what it spent; the scripted model reports no usage here.
    expect(await panel.getByTestId('turn-usage').first().textContent()).toMatch(
      /^[\d,]+ tokens \(estimated\)$/,
    );
  });
});

describe('step cap', () => {
  it('stops a model that never stops at the cap, and Continue goes on', async () => {
    await saveGeneral({ maxSteps: 5, runTokenLimit: null, dayTokenLimit: null });
    await rig.models.setScenario(searcher('never-stops'));
    const start = rig.models.requests.length;
    const { runId, sessionId } = await rig.driver.start(rig.modelId, 'Search every word.');
    const end = await rig.driver.waitForEnd(runId);
    expect(end.payload['status']).toBe('error');
    expect((end.payload['error'] as { code: string }).code).toBe('STEP_LIMIT_REACHED');
    expect(runRequests(rig.models, start)).toHaveLength(5);
    const summary = (await noticesOf(runId)).find((n) => n.code === 'STEP_LIMIT_REACHED');
    expect(summary?.message).toMatch(/^Stopped after 5 steps: 5 tool calls/);

    const again = await continueIn(sessionId);
    const next = await rig.driver.waitForEnd(again);
    expect(next.payload['status']).toBe('done');
    // The continued run saw the first run's work (same chat), then finished.
    expect(await rig.driver.streamedText(again, 'text')).toContain('All words searched.');
    const session = (await rig.driver.session(sessionId)) as { turns: { role: string }[] };
    expect(session.turns.map((turn) => turn.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
  });
});

describe('token limit', () => {
  it('pauses a run at its token limit with a clear message, and Continue goes on', async () => {
    await saveGeneral({ maxSteps: 60, runTokenLimit: 1_000, dayTokenLimit: null });
    await rig.models.setScenario(
      searcher('spender', { prompt_tokens: 700, completion_tokens: 100 }),
    );
    const start = rig.models.requests.length;
    const { runId, sessionId } = await rig.driver.start(rig.modelId, 'Search every word.');
    const end = await rig.driver.waitForEnd(runId);
    expect((end.payload['error'] as { code: string }).code).toBe('BUDGET_RUN_REACHED');
    // 800 tokens after one call, 1,600 after two: the third call never went out.
    expect(runRequests(rig.models, start)).toHaveLength(2);
    const notices = await noticesOf(runId);
    expect(notices.find((n) => n.code === 'BUDGET_RUN_REACHED')?.message).toContain(
      "This response's token limit of 1,000 is used up",
    );
    expect(notices.find((n) => n.code === 'RUN_USAGE')?.message).toBe(
      'This response used 1,600 tokens (1,400 in, 200 out).',
    );
    await saveGeneral({ runTokenLimit: 100_000 });
    const again = await continueIn(sessionId);
    const next = await rig.driver.waitForEnd(again);
    expect(next.payload['status']).toBe('done');
    await saveGeneral({ runTokenLimit: null });
  });
});

describe('cost limit', () => {
  it('pauses a priced model at a tiny cost limit, names the dollars, and Continue goes on', async () => {
    const view = await rig.driver.send({ type: 'settings/get', payload: {} });
    expect(view.ok).toBe(true);
    const models = view.data.models as Record<string, unknown>[];
    const {
      hasApiKey: _hasKey,
      apiKeyHint: _hint,
      ...model
    } = models.find((candidate) => candidate['id'] === rig.modelId)!;
    const savePrices = async (prices?: { inputPerMillion: number; outputPerMillion: number }) => {
      const { prices: _old, ...rest } = model;
      const saved = await rig.driver.send({
        type: 'settings/save-model',
        payload: { model: { ...rest, ...(prices ? { prices } : {}) } },
      });
      expect(saved.ok).toBe(true);
    };
    // $100 in and $400 out per million: 700 in and 100 out cost $0.11 a call, so the
    // first call uses up the $0.10 limit and the second is refused.
    await savePrices({ inputPerMillion: 100, outputPerMillion: 400 });
    await saveGeneral({
      maxSteps: 60,
      runTokenLimit: null,
      dayTokenLimit: null,
      runCostLimit: 0.1,
    });
    await rig.models.setScenario(
      searcher('priced-spender', { prompt_tokens: 700, completion_tokens: 100 }),
    );
    const start = rig.models.requests.length;
    const { panel } = rig;
    await panel.reload();
    await collectPanelEvents(panel);
    await panel.getByTestId('composer-input').fill('Search every word.');
    await panel.getByTestId('composer-input').press('Enter');
    const paused = panel.getByTestId('assistant-turn').last().getByTestId('error');
    await paused.waitFor({ timeout: 30_000 });
    expect(await paused.getAttribute('data-code')).toBe('BUDGET_RUN_COST_REACHED');
    expect(await paused.getByTestId('error-text').textContent()).toContain(
      'This response reached its cost limit of $0.10',
    );
    expect(runRequests(rig.models, start)).toHaveLength(1);
    await expect
      .poll(() => panel.getByTestId('turn-usage').last().textContent(), { timeout: 10_000 })
      .toBe('800 tokens \u00b7 $0.11');

    const answers = await panel.getByTestId('assistant-turn').count();
    await saveGeneral({ runCostLimit: 100 });
    await paused.getByTestId('error-continue').click();
    await expect
      .poll(() => panel.getByTestId('assistant-turn').last().textContent(), { timeout: 30_000 })
      .toContain('All words searched.');
    expect(await panel.getByTestId('assistant-turn').count()).toBe(answers + 1);
    expect(await panel.getByTestId('user-turn').last().textContent()).toContain(CONTINUE);
    expect(await panel.getByTestId('turn-usage').last().textContent()).toMatch(
      /^[\d,]+ tokens · \$0\.\d\d$/,
    );
    await saveGeneral({ runCostLimit: null });
    await savePrices();
  });
});
