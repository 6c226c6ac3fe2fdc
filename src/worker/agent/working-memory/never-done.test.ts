// A model that never finishes: the run stops at the step cap, the person is told
// which ledger rows were left open, and the saved answer keeps the whole ledger.
import { describe, expect, it } from 'vitest';
import { MAX_STEPS_RANGE } from '../../../shared/protocol/settings-messages';
import { call, createHarness, finish, testTool } from '../__fixtures__/agent-harness';

// The step cap's round runs its calls before the run pauses: one row per step.
const STEPS = MAX_STEPS_RANGE.default;

describe('a run whose model never calls done', () => {
  it('is bounded, names the open rows and loses no working memory', async () => {
    let round = 0;
    const h = await createHarness({
      tools: [
        testTool('track', 'read', async (args, context) => {
          context.state.memory?.updateRows([{ id: args.value ?? 'x', status: 'pending' }]);
          return { tracked: args.value ?? null };
        }),
      ],
      repeatLast: true,
      turns: [
        () =>
          (async function* () {
            round += 1;
            yield call(`c${round}`, 'track', { value: `item-${round}` });
            yield finish('tool_calls');
          })(),
      ],
    });
    const { runId, sessionId } = await h.send();
    await h.agent.idle();
    expect(h.endOf(runId)?.error?.code).toBe('STEP_LIMIT_REACHED');
    const notice = h
      .eventsOf(runId)
      .find(
        (event) =>
          event.type === 'run/notice' &&
          (event.payload as { code?: string }).code === 'LEDGER_OPEN_AT_END',
      );
    expect((notice?.payload as { message?: string } | undefined)?.message).toContain(
      `The run ended with ${STEPS} checklist items not finished: item-1 (pending)`,
    );
    expect(h.eventsOf(runId).some((event) => event.type === 'run/memory')).toBe(true);
    const chat = await h.chats.get(sessionId);
    const answer = chat?.turns.at(-1);
    expect(answer?.role === 'assistant' && answer.memory?.rows).toHaveLength(STEPS);
  });
});
