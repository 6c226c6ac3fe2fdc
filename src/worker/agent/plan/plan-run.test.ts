// Plan before Act through real runs of the agent core: whether a run plans (mode and
// setting), the review card before any tool, an edited approval reaching the next
// model request, and every way a run ends without a plan having run nothing.
import { describe, expect, it } from 'vitest';
import { z } from '../../../shared/schema/zod';
import type { PlanReview } from '../../../shared/protocol/run-plan';
import type { ModelRequest, StreamPart } from '../../providers/model-adapter';
import { defineTool, type ToolDefinition } from '../../tools/define-tool';
import {
  SCOPE,
  WEB_SCOPE,
  call,
  createHarness,
  finish,
  text,
  until,
  type ScriptTurn,
} from '../__fixtures__/agent-harness';
import { PLAN_CALL_ID, planReviewFor } from './plan-gate';
import { PLANNER_HEADER } from './plan-prompt';

const PLAN = {
  summary: 'Read the page, then press Buy.',
  steps: ['Read the page', 'Press Buy'],
  risks: ['Buying is final'],
  remember: [],
  scheduling: { fits: false, note: '' },
};

const isPlanner = (request: ModelRequest) => {
  const first = request.messages[0];
  return first?.role === 'system' && first.text.startsWith(PLANNER_HEADER);
};

/** Turn N answers the planner's Nth request from `planner`, the run's from `main`. */
function turnsWith(planner: StreamPart[][], main: StreamPart[][]): ScriptTurn[] {
  return Array.from(
    { length: Math.max(planner.length, main.length) },
    (_unused, index) =>
      async function* (request: ModelRequest) {
        const parts = (isPlanner(request) ? planner : main)[index];
        if (!parts) {
          yield { type: 'error', code: 'PROVIDER_HTTP_ERROR', message: 'exhausted' } as StreamPart;
          return;
        }
        yield* parts;
      },
  );
}

function buyTool(runs: string[]): ToolDefinition<unknown> {
  return defineTool({
    name: 'buy',
    description: 'Presses Buy.',
    arguments: z.strictObject({}),
    effect: 'read',
    approval: 'automatic',
    modes: ['act', 'dev'],
    async execute() {
      runs.push('buy');
      return { ok: true, result: { bought: true }, summary: 'bought' };
    },
  }) as ToolDefinition<unknown>;
}

const planText = (value: unknown) => [text(JSON.stringify(value)), finish()];
const main = [
  [call('c1', 'buy', {}), finish('tool_calls')],
  [text('Bought it.'), finish()],
];

async function planHarness(planReview: PlanReview, planner: StreamPart[][], extra = {}) {
  const runs: string[] = [];
  const h = await createHarness({
    scope: WEB_SCOPE,
    tools: [buyTool(runs)],
    turns: turnsWith(planner, main),
    general: { planReview },
    extra,
  });
  const userText = (request: ModelRequest | undefined) =>
    JSON.stringify(request?.messages.filter((message) => message.role === 'user'));
  return { h, runs, userText, runRequests: () => h.requests.filter((r) => !isPlanner(r)) };
}

const pendingOf = (h: Awaited<ReturnType<typeof createHarness>>, runId: string) =>
  h
    .eventsOf(runId)
    .map((event) => (event.payload as { pending?: { kind: string } | null }).pending)
    .find((pending) => pending?.kind === 'plan-review') as
    { kind: 'plan-review'; callId: string; plan: typeof PLAN; repaired: boolean } | undefined;

describe('planReviewFor', () => {
  it('plans only in Act and Dev, as the setting says', () => {
    for (const setting of ['off', 'ask', 'auto'] as const) {
      expect(planReviewFor('act', setting)).toBe(setting);
      expect(planReviewFor('dev', setting)).toBe(setting);
      expect(planReviewFor('ask', setting)).toBe('off');
      expect(planReviewFor(null, setting)).toBe('off');
    }
  });
});

describe('plan before act in runs', () => {
  it('shows the plan before any tool and sends the edited plan in the next model request', async () => {
    const { h, runs, userText, runRequests } = await planHarness('ask', [planText(PLAN)]);
    const { runId } = await h.send('Buy the mug.', undefined, 'ask', 'act');
    await until(() => pendingOf(h, runId) !== undefined);
    const pending = pendingOf(h, runId);
    expect(pending).toMatchObject({ callId: PLAN_CALL_ID, plan: PLAN, repaired: false });
    expect(runs).toEqual([]);
    expect(runRequests()).toHaveLength(0);
    const edited = { ...PLAN, steps: ['Read the page twice', 'Press Buy once'] };
    expect(h.agent.resolve(runId, PLAN_CALL_ID, 'approve-once').accepted).toBe(false);
    expect(h.agent.resolve(runId, PLAN_CALL_ID, 'accept', undefined, edited).accepted).toBe(true);
    await h.agent.idle();
    expect(h.endOf(runId)?.status).toBe('done');
    expect(runs).toEqual(['buy']);
    const first = runRequests()[0];
    expect(userText(first)).toContain('[Approved plan]');
    expect(userText(first)).toContain('1. Read the page twice');
    expect(userText(first)).not.toContain('1. Read the page\\n');
    // The plan stays pinned in every later round and is kept with the answer.
    expect(userText(runRequests()[1])).toContain('2. Press Buy once');
    const session = await h.chats.get((await h.chats.list(WEB_SCOPE))[0]?.id ?? '');
    const answer = session?.turns.find((turn) => turn.role === 'assistant');
    expect(answer?.role === 'assistant' && answer.plan?.steps).toEqual(edited.steps);
  });

  it('ends the run with no tool and no further model request when the person rejects', async () => {
    const { h, runs, runRequests } = await planHarness('ask', [planText(PLAN)]);
    const { runId } = await h.send('Buy the mug.', undefined, 'ask', 'act');
    await until(() => pendingOf(h, runId) !== undefined);
    h.agent.resolve(runId, PLAN_CALL_ID, 'reject');
    await h.agent.idle();
    expect(h.endOf(runId)).toMatchObject({ status: 'error', error: { code: 'PLAN_REJECTED' } });
    expect(runs).toEqual([]);
    expect(runRequests()).toHaveLength(0);
  });

  it('keeps the card in the run snapshot for a reopened panel, and Stop ends the run with nothing done', async () => {
    const { h, runs, runRequests } = await planHarness('ask', [planText(PLAN)]);
    const { runId, sessionId } = await h.send('Buy the mug.', undefined, 'ask', 'act');
    await until(() => pendingOf(h, runId) !== undefined);
    expect(h.agent.status(WEB_SCOPE, sessionId)?.pending).toMatchObject({
      kind: 'plan-review',
      plan: PLAN,
    });
    h.agent.cancel(runId);
    await h.agent.idle();
    expect(h.endOf(runId)?.status).toBe('cancelled');
    expect(runs).toEqual([]);
    expect(runRequests()).toHaveLength(0);
  });

  it('ends the run with PLAN_TIMEOUT when nobody answers in time', async () => {
    const { h, runs, runRequests } = await planHarness('ask', [planText(PLAN)], {
      interactionTimeoutMs: 30,
    });
    const { runId } = await h.send('Buy the mug.', undefined, 'ask', 'dev');
    await h.agent.idle();
    expect(h.endOf(runId)).toMatchObject({ status: 'error', error: { code: 'PLAN_TIMEOUT' } });
    expect(runs).toEqual([]);
    expect(runRequests()).toHaveLength(0);
  });

  it('approves automatically without a card when the setting says auto', async () => {
    const { h, runs, userText, runRequests } = await planHarness('auto', [planText(PLAN)]);
    const { runId } = await h.send('Buy the mug.', undefined, 'ask', 'act');
    await h.agent.idle();
    expect(pendingOf(h, runId)).toBeUndefined();
    expect(runs).toEqual(['buy']);
    expect(userText(runRequests()[0])).toContain('2. Press Buy');
    const notices = h.eventsOf(runId).filter((event) => event.type === 'run/notice');
    expect(JSON.stringify(notices)).toContain('Plan approved automatically');
  });

  it('asks once more after an unusable answer and shows the repaired plan', async () => {
    const { h, runId } = await (async () => {
      const harness = await planHarness('ask', [
        [text('Sure, I will click Buy.'), finish()],
        planText(PLAN),
      ]);
      const sent = await harness.h.send('Buy the mug.', undefined, 'ask', 'act');
      return { h: harness.h, runId: sent.runId };
    })();
    await until(() => pendingOf(h, runId) !== undefined);
    expect(pendingOf(h, runId)?.repaired).toBe(true);
    const repair = h.requests.filter(isPlanner)[1];
    expect(JSON.stringify(repair?.messages.at(-1))).toContain('The reply held no JSON object.');
    expect(repair?.messages.at(-2)).toEqual({ role: 'assistant', text: 'Sure, I will click Buy.' });
    h.agent.resolve(runId, PLAN_CALL_ID, 'reject');
    await h.agent.idle();
  });

  it('ends the run with PLAN_INVALID after a second unusable answer, running nothing', async () => {
    const { h, runs, runRequests } = await planHarness('ask', [
      [text('{"summary": "cut'), finish('length')],
      [text('<think>hmm</think>No plan today.'), finish()],
    ]);
    const { runId } = await h.send('Buy the mug.', undefined, 'ask', 'act');
    await h.agent.idle();
    const end = h.endOf(runId) as { status: string; error?: { code: string; message: string } };
    expect(end).toMatchObject({ status: 'error', error: { code: 'PLAN_INVALID' } });
    expect(end.error?.message).toContain('Second answer: The reply held no JSON object.');
    expect(h.requests.filter(isPlanner)).toHaveLength(2);
    expect(runRequests()).toHaveLength(0);
    expect(runs).toEqual([]);
  });

  it('counts an endless answer as unusable instead of reading all of it', async () => {
    const endless = [text(`{"summary": "${'a'.repeat(40_000)}`), finish()];
    const { h } = await planHarness('ask', [endless, endless]);
    const { runId } = await h.send('Buy the mug.', undefined, 'ask', 'act');
    await h.agent.idle();
    const end = h.endOf(runId) as { error?: { code: string; message?: string } } | undefined;
    expect(end?.error?.message).toContain('longer than 32,000 characters');
  });

  it('never plans when the setting is off, in Ask mode, or on a site without modes', async () => {
    const off = await planHarness('off', [planText(PLAN)]);
    await off.h.send('Buy the mug.', undefined, 'ask', 'act');
    await off.h.agent.idle();
    expect(off.h.requests.filter(isPlanner)).toHaveLength(0);
    expect(off.runs).toEqual(['buy']);

    const ask = await planHarness('ask', [planText(PLAN)]);
    await ask.h.send('What does it cost?', undefined, 'ask', 'ask');
    await ask.h.agent.idle();
    expect(ask.h.requests.filter(isPlanner)).toHaveLength(0);

    const typst = await createHarness({ scope: SCOPE, turns: turnsWith([planText(PLAN)], main) });
    await typst.send('Buy the mug.', undefined, 'ask', 'act');
    await typst.agent.idle();
    expect(typst.requests.filter(isPlanner)).toHaveLength(0);
  });

  it('gives the planner the page as labelled untrusted data and no tools', async () => {
    const { h } = await planHarness('ask', [planText(PLAN)]);
    const { runId } = await h.send('Buy the mug.', undefined, 'ask', 'act');
    await until(() => pendingOf(h, runId) !== undefined);
    const planner = h.requests.find(isPlanner);
    expect(planner?.tools).toEqual([]);
    const user = JSON.stringify(planner?.messages[1]);
    expect(user).toContain('Buy the mug.');
    expect(user).toContain('untrusted_page_content');
    expect(user).toContain('https://shop.example/');
    h.agent.resolve(runId, PLAN_CALL_ID, 'reject');
    await h.agent.idle();
  });
});
