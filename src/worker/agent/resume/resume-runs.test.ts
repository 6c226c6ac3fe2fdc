import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../providers/model-adapter';
import { createMemoryRunJournal } from '../run-journal';
import {
  call,
  createHarness,
  finish,
  testTool,
  text,
  until,
  type ScriptTurn,
} from '../__fixtures__/agent-harness';

const never = new Promise<never>(() => undefined);

/** A first worker's run: round 1 writes the scratchpad, round 2's call never returns. */
async function runThatDies(general: { maxSteps?: number } = {}) {
  const journal = createMemoryRunJournal();
  const tools = [
    testTool('note', 'read', async (args, context) => {
      context.state.memory?.writeScratchpad(`remember ${args.value ?? ''}`, 'replace');
      return { noted: true };
    }),
    testTool('press', 'read', () => never),
  ];
  const first = await createHarness({
    turns: [
      [call('c1', 'note', { value: '42' }), finish('tool_calls')],
      [text('Pressing.'), call('c2', 'press', {}), finish('tool_calls')],
    ],
    tools,
    general,
    extra: { journal },
  });
  const { runId, sessionId } = await first.send('Buy the thing');
  // The worker "dies" while round 2's call runs; its turn is saved before the call ran.
  await until(() => first.typesOf(runId).filter((type) => type === 'run/tool-call').length === 2);
  for (let tries = 0; tries < 200; tries += 1) {
    const turn = await storedTurn(first, sessionId);
    const calls = turn?.segments.flatMap((s) => (s.kind === 'tools' ? s.calls : [])) ?? [];
    if (calls.length === 2) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { first, journal, runId, sessionId, tools };
}

async function storedTurn(h: Awaited<ReturnType<typeof createHarness>>, sessionId: string) {
  const turn = (await h.chats.get(sessionId))?.turns.find((t) => t.role === 'assistant');
  return turn?.role === 'assistant' ? turn : undefined;
}

/** The next worker: same stores, a fresh agent core, the model answering `turns`. */
async function nextWorker(
  died: Awaited<ReturnType<typeof runThatDies>>,
  turns: ScriptTurn[],
  options: {
    tabGone?: boolean;
    general?: { maxSteps?: number; runTokenLimit?: number; runCostLimit?: number };
    prices?: { inputPerMillion: number; outputPerMillion: number };
  } = {},
) {
  return createHarness({
    turns,
    tools: died.tools,
    ...(options.general ? { general: options.general } : {}),
    ...(options.prices ? { prices: options.prices } : {}),
    extra: {
      chats: died.first.chats,
      journal: died.journal,
      ...(options.tabGone ? { tabs: { siteOf: async () => null } } : {}),
    },
  });
}

const contentOf = (messages: readonly ModelMessage[]) => JSON.stringify(messages);

describe('a run resumed by a new worker', () => {
  it('goes on with its step count, working memory and earlier results, and finishes', async () => {
    const died = await runThatDies();
    const entries = await died.journal.list();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.resume).toMatchObject({ steps: 1, resumes: 0 });
    const stored = await storedTurn(died.first, died.sessionId);
    expect(stored?.segments.flatMap((s) => (s.kind === 'tools' ? s.calls : []))).toMatchObject([
      { callId: 'c1', status: 'done' },
      { callId: 'c2', status: 'running' },
    ]);

    // Turn N answers the request that holds N assistant messages: 2 rounds came back.
    const next = await nextWorker(died, [[], [], [text('All done.'), finish()]]);
    expect(await next.agent.reconcile()).toEqual({ resumed: 1, ended: 0, interrupted: 0 });
    await next.agent.idle();

    const request = next.requests[0];
    expect(request).toBeDefined();
    const sent = contentOf(request?.messages ?? []);
    expect(sent).toContain('note ran');
    expect(sent).toContain('worker restarted during this action');
    expect(sent).toContain('remember 42');
    // The call that was mid-way is never run again.
    expect(next.requests).toHaveLength(1);

    const resumed = next.events.find((event) => event.type === 'run/resumed');
    expect(resumed?.runId).toBe(died.runId);
    const newRunId = (resumed?.payload as { runId: string }).runId;
    expect(next.endOf(newRunId)).toMatchObject({ status: 'done' });
    const notices = next.eventsOf(newRunId).filter((event) => event.type === 'run/notice');
    expect(JSON.stringify(notices)).toContain('goes on after step 1');

    const turn = await storedTurn(died.first, died.sessionId);
    expect(turn).toMatchObject({ id: stored?.id, status: 'complete', runId: newRunId });
    expect(turn?.segments.at(-1)).toEqual({ kind: 'text', text: 'All done.' });
    expect(turn?.memory?.scratchpad).toBe('remember 42');
    expect(await died.journal.list()).toEqual([]);
  });

  it('counts its steps on from where it was: the step cap holds across the restart', async () => {
    const died = await runThatDies({ maxSteps: 2 });
    const next = await nextWorker(
      died,
      [[], [], [call('c3', 'note', { value: 'again' }), finish('tool_calls')]],
      { general: { maxSteps: 2 } },
    );
    await next.agent.reconcile();
    await next.agent.idle();
    const turn = await storedTurn(died.first, died.sessionId);
    expect(turn).toMatchObject({ status: 'error', error: { code: 'STEP_LIMIT_REACHED' } });
    expect(turn?.error?.message).toMatch(/Stopped after 2 steps/);
  });

  it('keeps what it spent before the restart: its token limit counts it', async () => {
    const died = await runThatDies();
    const [entry] = await died.journal.list();
    expect(entry?.resume).toMatchObject({ spent: { inputTokens: expect.any(Number) } });
    const resume = entry?.resume as Record<string, unknown>;
    await died.journal.add({
      ...entry!,
      resume: { ...resume, spent: { inputTokens: 900_000, outputTokens: 0, estimated: false } },
    });
    const next = await nextWorker(died, [[], [], [text('over the limit')]], {
      general: { runTokenLimit: 500_000 },
    });
    await next.agent.reconcile();
    await next.agent.idle();
    expect(next.requests).toHaveLength(0);
    expect(await storedTurn(died.first, died.sessionId)).toMatchObject({
      status: 'error',
      error: { code: 'BUDGET_RUN_REACHED' },
    });
  });

  it('keeps the dollars it spent before the restart: its cost limit counts them', async () => {
    const died = await runThatDies();
    const [entry] = await died.journal.list();
    const resume = entry?.resume as Record<string, unknown>;
    await died.journal.add({ ...entry!, resume: { ...resume, costUsd: 0.75 } });
    const next = await nextWorker(died, [[], [], [text('over the limit')]], {
      general: { runCostLimit: 0.5 },
      prices: { inputPerMillion: 1, outputPerMillion: 2 },
    });
    await next.agent.reconcile();
    await next.agent.idle();
    expect(next.requests).toHaveLength(0);
    expect(await storedTurn(died.first, died.sessionId)).toMatchObject({
      status: 'error',
      error: { code: 'BUDGET_RUN_COST_REACHED' },
    });
  });

  it('ends with a plain message when its tab was closed, and tells the old run view', async () => {
    const died = await runThatDies();
    const next = await nextWorker(died, [[text('never')]], { tabGone: true });
    expect(await next.agent.reconcile()).toEqual({ resumed: 0, ended: 1, interrupted: 0 });
    expect(next.requests).toHaveLength(0);
    const turn = await storedTurn(died.first, died.sessionId);
    expect(turn).toMatchObject({
      status: 'interrupted',
      error: {
        code: 'RUN_TAB_CLOSED',
        message: 'The tab this task was working in was closed, so it stopped after 1 step.',
        details: { steps: 1 },
      },
    });
    expect(next.endOf(died.runId)).toMatchObject({
      status: 'error',
      error: { code: 'RUN_TAB_CLOSED' },
    });
    expect(await died.journal.list()).toEqual([]);
  });

  it('is marked interrupted, as before, when its entry cannot be trusted', async () => {
    const died = await runThatDies();
    const [entry] = await died.journal.list();
    if (!entry) throw new Error('no entry');
    await died.journal.add({ ...entry, resume: { steps: 'many' } });
    const next = await nextWorker(died, [[text('never')]]);
    expect(await next.agent.reconcile()).toEqual({ resumed: 0, ended: 0, interrupted: 1 });
    expect(await storedTurn(died.first, died.sessionId)).toMatchObject({
      status: 'interrupted',
      error: { code: 'RUN_INTERRUPTED' },
    });
  });
});
