import { describe, expect, it } from 'vitest';
import { createHarness, finish, text, until } from './__fixtures__/agent-harness';

describe('a run over a long chat', () => {
  it('tells the person that earlier messages were summarized, naming how many', async () => {
    const harness = await createHarness({
      turns: [[text('ok'), finish()]],
      repeatLast: true,
      general: { historyTurnLimit: 4 },
    });
    const first = await harness.send('Question 1');
    await until(() => harness.endOf(first.runId) !== undefined);
    let last = first.runId;
    for (let index = 2; index <= 4; index += 1) {
      const next = await harness.send(`Question ${index}`, first.sessionId);
      await until(() => harness.endOf(next.runId) !== undefined);
      last = next.runId;
    }
    const notices = harness
      .eventsOf(last)
      .filter((event) => event.type === 'run/notice')
      .map((event) => event.payload as { code?: string; message: string });
    expect(notices).toContainEqual(
      expect.objectContaining({
        code: 'CONTEXT_COMPACTED',
        message: expect.stringMatching(/summarized to fit .*\(1 exchanges\)/),
      }),
    );
    // The first run of the chat had nothing to summarize.
    const compacted = (runId: string) =>
      harness
        .eventsOf(runId)
        .some(
          (event) =>
            event.type === 'run/notice' &&
            (event.payload as { code?: string }).code === 'CONTEXT_COMPACTED',
        );
    expect(compacted(first.runId)).toBe(false);
  });
});
