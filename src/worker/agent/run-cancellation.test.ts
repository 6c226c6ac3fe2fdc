import { describe, expect, it } from 'vitest';
import type { AssistantTurn } from '../../shared/protocol/chat-records';
import { call, createHarness, finish, testTool, text, until } from './__fixtures__/agent-harness';

type Harness = Awaited<ReturnType<typeof createHarness>>;

/** Cancels once `ready` holds, then checks that nothing happens after the terminal event. */
async function cancelAndCheck(h: Harness, runId: string, sessionId: string, ready: () => boolean) {
  await until(ready);
  expect(h.agent.cancel(runId)).toEqual({ cancelled: true });
  await h.agent.idle();
  const types = h.typesOf(runId);
  expect(types.filter((type) => type === 'run/end')).toHaveLength(1);
  expect(types.at(-1)).toBe('run/end');
  expect(h.endOf(runId)?.status).toBe('cancelled');
  const eventsAtEnd = h.events.length;
  const writesAtEnd = h.chats.writes.length;
  const requestsAtEnd = h.requests.length;
  await new Promise((resolve) => setTimeout(resolve, 80));
  expect(h.events.length).toBe(eventsAtEnd);
  expect(h.chats.writes.length).toBe(writesAtEnd);
  expect(h.requests.length).toBe(requestsAtEnd);
  const puts = h.chats.writes.filter(
    (write) => write.kind === 'put-assistant' && write.sessionId === sessionId,
  );
  if (puts.length > 0) expect((puts.at(-1)?.turn as AssistantTurn).status).toBe('cancelled');
}

const never = new Promise<never>(() => undefined);

describe('cancellation at every await point', () => {
  it('before start: zero tab, provider and tool work, exactly one cancelled event', async () => {
    const h = await createHarness({ turns: [[text('never'), finish()]] });
    const session = await h.chats.create({ siteId: 'typst', projectId: 'proj-1' });
    const identity = {
      tabId: 7,
      scope: { siteId: 'typst' as const, projectId: 'proj-1' },
      sessionId: session.id,
    };
    h.agent.reserve('early', identity);
    expect(h.agent.cancel('early')).toEqual({ cancelled: true });
    const started = h.agent.start('early', {
      ...identity,
      userTurnId: 'u',
      modelId: 'model-1',
      editMode: 'ask',
      file: null,
      selection: null,
      attachments: [],
      attachmentRecords: [],
    });
    expect(started).toEqual({ started: false, cancelled: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.typesOf('early')).toEqual(['run/end']);
    expect(h.endOf('early')?.status).toBe('cancelled');
    expect(h.tabCalls).toEqual([]);
    expect(h.requests).toEqual([]);
    // The chat is free again.
    expect(() => h.agent.reserve('next', identity)).not.toThrow();
  });

  it('while the tab is re-read', async () => {
    let asked = false;
    const h = await createHarness({
      turns: [[text('never'), finish()]],
      extra: { tabs: { siteOf: () => ((asked = true), never) } },
    });
    const { runId, sessionId } = await h.send();
    await cancelAndCheck(h, runId, sessionId, () => asked);
    expect(h.requests).toHaveLength(0);
  });

  it('while waiting for the first byte and mid-stream', async () => {
    for (const afterText of [false, true]) {
      const h = await createHarness({
        turns: [
          () =>
            (async function* () {
              if (afterText) yield text('partial');
              await never;
            })(),
        ],
      });
      const { runId, sessionId } = await h.send();
      await cancelAndCheck(
        h,
        runId,
        sessionId,
        () => h.requests.length === 1 && (!afterText || h.typesOf(runId).includes('run/stream')),
      );
      const turn = (await h.chats.get(sessionId))?.turns.at(-1) as AssistantTurn;
      if (afterText) expect(turn.segments).toEqual([{ kind: 'text', text: 'partial' }]);
    }
  });

  it('while a tool that ignores the signal runs, and no later round starts', async () => {
    let toolStarted = false;
    let toolFinished = false;
    const slow = testTool('slow_tool', 'read', async () => {
      toolStarted = true;
      await new Promise((resolve) => setTimeout(resolve, 50));
      toolFinished = true;
      return 'late';
    });
    const h = await createHarness({
      tools: [slow],
      turns: [
        [call('c1', 'slow_tool', {}), call('c2', 'slow_tool', {}), finish('tool_calls')],
        [text('never'), finish()],
      ],
    });
    const { runId, sessionId } = await h.send();
    await cancelAndCheck(h, runId, sessionId, () => toolStarted);
    expect(h.requests).toHaveLength(1);
    const turn = (await h.chats.get(sessionId))?.turns.at(-1) as AssistantTurn;
    const calls = turn.segments.flatMap((segment) =>
      segment.kind === 'tools' ? segment.calls : [],
    );
    expect(calls.map((entry) => entry.status)).toEqual(['cancelled', 'cancelled']);
    await until(() => toolFinished);
  });

  it('while an approval is pending (the wait ends as cancelled, not as approved)', async () => {
    let ran = false;
    const external = testTool('send_it', 'external', async () => ((ran = true), 'sent'));
    const h = await createHarness({
      tools: [external],
      turns: [
        [call('c1', 'send_it', {}), finish('tool_calls')],
        [text('never'), finish()],
      ],
    });
    const { runId, sessionId } = await h.send();
    await cancelAndCheck(h, runId, sessionId, () => h.typesOf(runId).includes('run/pending'));
    expect(ran).toBe(false);
    expect(h.agent.cancel(runId)).toEqual({ cancelled: false });
  });
});

describe('two runs in two chats', () => {
  it('interleave without sharing events, approvals, cancellation or storage', async () => {
    const external = testTool('send_it', 'external');
    const h = await createHarness({
      tools: [external],
      turns: [
        (request) =>
          (async function* () {
            const question = request.messages.at(-1);
            const mine =
              question?.role === 'user' &&
              question.content.some((part) => part.type === 'text' && part.text === 'A');
            yield text(mine ? 'from A ' : 'from B ');
            yield call(mine ? 'a1' : 'b1', 'send_it', {});
            yield finish('tool_calls');
          })(),
        [text('finished'), finish()],
      ],
    });
    const a = await h.send('A');
    const b = await h.send('B');
    await until(
      () =>
        h.typesOf(a.runId).includes('run/pending') && h.typesOf(b.runId).includes('run/pending'),
    );
    // A's approval cannot be answered through B, and vice versa.
    expect(h.agent.resolve(b.runId, 'a1', 'approve-once')).toEqual({ accepted: false });
    expect(h.agent.resolve(a.runId, 'a1', 'approve-once')).toEqual({ accepted: true });
    h.agent.cancel(b.runId);
    await h.agent.idle();
    expect(h.endOf(a.runId)?.status).toBe('done');
    expect(h.endOf(b.runId)?.status).toBe('cancelled');
    const streamOf = (runId: string) =>
      h
        .eventsOf(runId)
        .filter((event) => event.type === 'run/stream')
        .flatMap((event) =>
          (event.payload as { parts: { text: string }[] }).parts.map((part) => part.text),
        )
        .join('');
    expect(streamOf(a.runId)).toBe('from A finished');
    expect(streamOf(b.runId)).toBe('from B ');
    const turnA = (await h.chats.get(a.sessionId))?.turns.at(-1) as AssistantTurn;
    const turnB = (await h.chats.get(b.sessionId))?.turns.at(-1) as AssistantTurn;
    expect([turnA.runId, turnA.status]).toEqual([a.runId, 'complete']);
    expect([turnB.runId, turnB.status]).toEqual([b.runId, 'cancelled']);
  });
});
