import { describe, expect, it } from 'vitest';
import type { StreamPart } from '../../providers/model-adapter';
import { call, createHarness, finish, testTool } from '../__fixtures__/agent-harness';

const usage: StreamPart = { type: 'usage', usage: { inputTokens: 700, outputTokens: 100 } };
// $100 in and $400 out per million: 700 in and 100 out cost $0.11 a call.
const PRICES = { inputPerMillion: 100, outputPerMillion: 400 };

/** A model that asks for another read every round and never answers. */
function neverStops() {
  let n = 0;
  return () =>
    (async function* () {
      n += 1;
      yield call(`c${n}`, 'read_thing', { value: `page ${n}` });
      yield usage;
      yield finish('tool_calls');
    })();
}

const noticesOf = (h: Awaited<ReturnType<typeof createHarness>>, runId: string) =>
  h
    .eventsOf(runId)
    .filter((event) => event.type === 'run/notice')
    .map((event) => event.payload as { message: string; code?: string });

describe('cost limits', () => {
  it('pauses a priced run before the call after its dollars are used up, and keeps the cost', async () => {
    const h = await createHarness({
      tools: [testTool('read_thing', 'read')],
      turns: [neverStops()],
      repeatLast: true,
      general: { runCostLimit: 0.2 },
      prices: PRICES,
    });
    const { runId, sessionId } = await h.send('Read everything.');
    await h.agent.idle();
    // $0.11 after one call, $0.22 after two: the third is refused.
    expect(h.requests).toHaveLength(2);
    const end = h.endOf(runId) as { error?: { code: string; details?: unknown } } | undefined;
    expect(end?.error?.code).toBe('BUDGET_RUN_COST_REACHED');
    expect(end?.error?.details).toMatchObject({ limit: 0.2 });
    const notices = noticesOf(h, runId);
    expect(notices.find((n) => n.code === 'BUDGET_RUN_COST_REACHED')?.message).toContain(
      "This response's cost limit of $0.20 is used up ($0.22 spent).",
    );
    expect(notices.find((n) => n.code === 'RUN_USAGE')?.message).toBe(
      'This response used 1,600 tokens (1,400 in, 200 out), costing $0.22.',
    );
    const turn = (await h.chats.get(sessionId))?.turns.at(-1);
    expect(turn?.role === 'assistant' && turn.usage?.costUsd).toBeCloseTo(0.22, 10);
  });

  it('never pauses a model without prices at a cost limit, and shows no cost for it', async () => {
    const h = await createHarness({
      tools: [testTool('read_thing', 'read')],
      turns: [neverStops()],
      repeatLast: true,
      general: { runCostLimit: 0.01, dayCostLimit: 0.01, maxSteps: 5 },
    });
    const { runId, sessionId } = await h.send('Read everything.');
    await h.agent.idle();
    expect(h.endOf(runId)?.error?.code).toBe('STEP_LIMIT_REACHED');
    expect(h.requests).toHaveLength(5);
    const turn = (await h.chats.get(sessionId))?.turns.at(-1);
    expect(turn?.role === 'assistant' && turn.usage).not.toHaveProperty('costUsd');
  });
});
