import { describe, expect, it } from 'vitest';
import type { StreamPart } from '../../providers/model-adapter';
import { call, createHarness, finish, testTool, text } from '../__fixtures__/agent-harness';

const usage = (inputTokens: number, outputTokens: number): StreamPart => ({
  type: 'usage',
  usage: { inputTokens, outputTokens },
});

/** A model that asks for another read every round and never answers. */
function neverStops(withUsage?: StreamPart) {
  let n = 0;
  return () =>
    (async function* () {
      n += 1;
      yield call(`c${n}`, 'read_thing', { value: `page ${n}` });
      if (withUsage) yield withUsage;
      yield finish('tool_calls');
    })();
}

const noticesOf = (h: Awaited<ReturnType<typeof createHarness>>, runId: string) =>
  h
    .eventsOf(runId)
    .filter((event) => event.type === 'run/notice')
    .map((event) => event.payload as { message: string; code?: string });

describe('the step cap', () => {
  it('stops a model that never stops at the person’s cap, says what it did, and keeps it', async () => {
    const h = await createHarness({
      tools: [testTool('read_thing', 'read')],
      turns: [neverStops()],
      repeatLast: true,
      general: { maxSteps: 5 },
    });
    const { runId, sessionId } = await h.send('Read everything.');
    await h.agent.idle();
    expect(h.requests).toHaveLength(5);
    expect(h.endOf(runId)?.error?.code).toBe('STEP_LIMIT_REACHED');
    const summary = noticesOf(h, runId).find((n) => n.code === 'STEP_LIMIT_REACHED');
    expect(summary?.message).toMatch(/^Stopped after 5 steps: 5 tool calls \(5 done\)/);
    const turn = (await h.chats.get(sessionId))?.turns.at(-1);
    expect(turn?.role === 'assistant' && turn.segments.some((s) => s.kind === 'tools')).toBe(true);
  });

  it('lets Continue go on in the same chat with a fresh count', async () => {
    let round = 0;
    const h = await createHarness({
      tools: [testTool('read_thing', 'read')],
      turns: [
        () =>
          (async function* () {
            round += 1;
            if (round === 8) {
              yield text('All read.');
              yield finish('stop');
              return;
            }
            yield call(`c${round}`, 'read_thing', { value: `page ${round}` });
            yield finish('tool_calls');
          })(),
      ],
      repeatLast: true,
      general: { maxSteps: 5 },
    });
    const first = await h.send('Read everything.');
    await h.agent.idle();
    expect(h.endOf(first.runId)?.error?.code).toBe('STEP_LIMIT_REACHED');
    const again = await h.send('Continue', first.sessionId);
    await h.agent.idle();
    expect(h.endOf(again.runId)?.status).toBe('done');
    expect(h.requests).toHaveLength(8);
    const turns = (await h.chats.get(first.sessionId))?.turns ?? [];
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });
});

describe('token limits', () => {
  it('pauses the run before the call that would go past its limit', async () => {
    const h = await createHarness({
      tools: [testTool('read_thing', 'read')],
      turns: [neverStops(usage(700, 100))],
      repeatLast: true,
      general: { runTokenLimit: 1_000 },
    });
    const { runId, sessionId } = await h.send('Read everything.');
    await h.agent.idle();
    // 800 after one call, 1,600 after two: the third is refused.
    expect(h.requests).toHaveLength(2);
    expect(h.endOf(runId)?.error?.code).toBe('BUDGET_RUN_REACHED');
    const notices = noticesOf(h, runId);
    expect(notices.find((n) => n.code === 'RUN_USAGE')?.message).toBe(
      'This response used 1,600 tokens (1,400 in, 200 out).',
    );
    // The answer keeps its usage for its footer, also when it paused.
    const turn = (await h.chats.get(sessionId))?.turns.at(-1);
    expect(turn?.role === 'assistant' && turn.usage).toEqual({
      inputTokens: 1_400,
      outputTokens: 200,
      estimated: false,
    });
  });

  it('counts every run of the day against the day limit', async () => {
    const h = await createHarness({
      turns: [[text('Hi.'), usage(1_500, 600), finish('stop')]],
      repeatLast: true,
      general: { dayTokenLimit: 2_000 },
    });
    const first = await h.send();
    await h.agent.idle();
    expect(h.endOf(first.runId)?.status).toBe('done');
    const second = await h.send('Again?', first.sessionId);
    await h.agent.idle();
    expect(h.endOf(second.runId)?.error?.code).toBe('BUDGET_DAY_REACHED');
    expect(h.requests).toHaveLength(1);
  });

  it('estimates usage when the provider reports none, and says it is estimated', async () => {
    const h = await createHarness({ turns: [[text('An answer.'), finish('stop')]] });
    const { runId } = await h.send();
    await h.agent.idle();
    const report = noticesOf(h, runId).find((n) => n.code === 'RUN_USAGE');
    expect(report?.message).toMatch(/^This response used \d+ tokens .*estimated/);
  });
});
