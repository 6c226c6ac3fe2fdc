import { describe, expect, it } from 'vitest';
import type { AssistantTurn } from '../../shared/protocol/chat-records';
import { MAX_STEPS_RANGE } from '../../shared/protocol/settings-messages';
import type { ToolRunContext } from '../tools/define-tool';
import { call, createHarness, finish, testTool, text, until } from './__fixtures__/agent-harness';

const lastTurn = async (h: Awaited<ReturnType<typeof createHarness>>, sessionId: string) => {
  const session = await h.chats.get(sessionId);
  return session?.turns.at(-1) as AssistantTurn;
};

describe('agent core: the loop', () => {
  it('runs a multi-round tool conversation and saves the turn as it goes', async () => {
    const h = await createHarness({
      tools: [testTool('read_thing', 'read')],
      turns: [
        [text('Let me look.'), call('c1', 'read_thing', { value: 'x' }), finish('tool_calls')],
        [text('Done: x.'), finish()],
      ],
    });
    const { runId, sessionId, started } = await h.send();
    expect(started).toEqual({ started: true, cancelled: false });
    await h.agent.idle();
    const types = h.typesOf(runId);
    expect(types[0]).toBe('run/start');
    expect(types.at(-1)).toBe('run/end');
    expect(types.filter((type) => type === 'run/end')).toHaveLength(1);
    // Text before the tool call is flushed before the tool event.
    expect(types.indexOf('run/stream')).toBeLessThan(types.indexOf('run/tool-call'));
    expect(h.endOf(runId)?.status).toBe('done');
    const second = h.requests[1];
    const toolMessage = second?.messages.find((message) => message.role === 'tool');
    expect(toolMessage).toMatchObject({
      role: 'tool',
      callId: 'c1',
      content: JSON.stringify({ ok: true, result: { echoed: 'x' } }),
    });
    const turn = await lastTurn(h, sessionId);
    expect(turn.status).toBe('complete');
    expect(turn.segments.map((segment) => segment.kind)).toEqual(['text', 'tools', 'text']);
    const puts = h.chats.writes.filter((write) => write.kind === 'put-assistant');
    expect(puts.length).toBeGreaterThanOrEqual(3);
    expect((puts[0]?.turn as AssistantTurn).status).toBe('incomplete');
    // Stream batches carry increasing sequences.
    const sequences = h
      .eventsOf(runId)
      .filter((event) => event.type === 'run/stream')
      .map((event) => (event.payload as { sequence: number }).sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(new Set(sequences).size).toBe(sequences.length);
  });

  it('gives unknown tool names and bad arguments back to the model as structured errors', async () => {
    const h = await createHarness({
      tools: [testTool('read_thing', 'read')],
      turns: [
        [
          call('c1', 'no_such_tool', {}),
          call('c2', 'read_thing', '{"value": 1}'),
          call('c3', 'read_thing', `{"value":"${'a'.repeat(300_000)}"}`),
          call('c4', 'READ_THING', {}),
          finish('tool_calls'),
        ],
        [text('ok'), finish()],
      ],
    });
    const { runId } = await h.send();
    await h.agent.idle();
    expect(h.endOf(runId)?.status).toBe('done');
    const tools = h.requests[1]?.messages.filter((message) => message.role === 'tool') ?? [];
    const codes = tools.map((message) =>
      message.role === 'tool' ? (JSON.parse(message.content) as { code: string }).code : '',
    );
    expect(codes).toEqual([
      'UNKNOWN_TOOL',
      'ARGUMENTS_INVALID',
      'ARGUMENTS_TOO_LARGE',
      'UNKNOWN_TOOL',
    ]);
  });

  it('ends the run when the model reuses a tool-call id across rounds', async () => {
    const h = await createHarness({
      tools: [testTool('read_thing', 'read')],
      turns: [
        [call('same', 'read_thing', {}), finish('tool_calls')],
        [call('same', 'read_thing', {}), finish('tool_calls')],
        [text('never'), finish()],
      ],
    });
    const { runId, sessionId } = await h.send();
    await h.agent.idle();
    expect(h.endOf(runId)).toMatchObject({
      status: 'error',
      error: { code: 'PROVIDER_DUPLICATE_TOOL_CALL_ID' },
    });
    expect(h.requests).toHaveLength(2);
    expect((await lastTurn(h, sessionId)).status).toBe('error');
  });

  it('stops at the default step cap with STEP_LIMIT_REACHED after exactly 60 model calls', async () => {
    let n = 0;
    const h = await createHarness({
      tools: [testTool('read_thing', 'read')],
      repeatLast: true,
      turns: [
        () =>
          (async function* () {
            n += 1;
            // A different page each round: progress, so loop detection stays out of it.
            yield call(`c${n}`, 'read_thing', { value: `page ${n}` });
            yield finish('tool_calls');
          })(),
      ],
    });
    const { runId } = await h.send();
    await h.agent.idle();
    expect(h.endOf(runId)?.error?.code).toBe('STEP_LIMIT_REACHED');
    expect(h.requests).toHaveLength(MAX_STEPS_RANGE.default);
  });

  it('surfaces finish_reason length as a notice and keeps it on the turn', async () => {
    const h = await createHarness({ turns: [[text('cut'), finish('length')]] });
    const { runId, sessionId } = await h.send();
    await h.agent.idle();
    const notice = h.eventsOf(runId).find((event) => event.type === 'run/notice');
    expect(notice?.payload).toMatchObject({ level: 'warning', code: 'FINISH_LENGTH' });
    expect((await lastTurn(h, sessionId)).trimmed).toContain('finish:length');
  });

  it('refuses a run whose tab left the project, before any provider work', async () => {
    const h = await createHarness({
      turns: [[text('never'), finish()]],
      extra: {
        tabs: {
          siteOf: async (tabId) => ({
            tabId,
            windowId: 1,
            url: 'https://example.org/',
            siteId: 'web',
            scope: null,
          }),
        },
      },
    });
    const { runId } = await h.send();
    await h.agent.idle();
    expect(h.endOf(runId)?.error?.code).toBe('INVALID_RUN_TAB');
    expect(h.requests).toHaveLength(0);
  });

  it('reports a snapshot of the live run through status', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const h = await createHarness({
      turns: [
        () =>
          (async function* () {
            yield text('partial ');
            await gate;
            yield text('rest');
            yield finish();
          })(),
      ],
    });
    const { runId, sessionId } = await h.send();
    await until(() => h.typesOf(runId).includes('run/start') && h.requests.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const snapshot = h.agent.status({ siteId: 'typst', projectId: 'proj-1' }, sessionId);
    expect(snapshot?.runId).toBe(runId);
    expect(snapshot?.turn.segments).toEqual([{ kind: 'text', text: 'partial ' }]);
    expect(snapshot?.sequence).toBeGreaterThan(0);
    release();
    await h.agent.idle();
    expect(h.agent.status({ siteId: 'typst', projectId: 'proj-1' }, sessionId)).toBeNull();
  });
});

describe('agent core: nothing is swallowed', () => {
  it('tells the person when progress saves or the snapshot check fail, and still saves the end', async () => {
    const h = await createHarness({
      tools: [testTool('read_thing', 'read')],
      turns: [
        [call('c1', 'read_thing', { value: 'x' }), finish('tool_calls')],
        [text('Done.'), finish()],
      ],
      extra: {
        recovery: {
          atStart: async () => {
            throw new Error('snapshot store is gone');
          },
          afterComplete: async () => undefined,
        },
      },
    });
    const put = h.chats.putAssistantTurn.bind(h.chats);
    h.chats.putAssistantTurn = async (sessionId, turn) => {
      if (turn.status === 'incomplete') throw new Error('disk full');
      return put(sessionId, turn);
    };
    const { runId, sessionId } = await h.send();
    await h.agent.idle();
    expect(h.endOf(runId)?.status).toBe('done');
    const notices = h
      .eventsOf(runId)
      .filter((event) => event.type === 'run/notice')
      .map((event) => event.payload as { code?: string; message: string });
    expect(notices.filter((notice) => notice.code === 'STORAGE_WRITE_FAILED')).toHaveLength(1);
    expect(notices.some((notice) => notice.message.includes('automatic snapshot'))).toBe(true);
    expect((await lastTurn(h, sessionId)).status).toBe('complete');
  });
});

describe('agent core: runs stay on their page', () => {
  it('ends the run with RUN_SCOPE_CHANGED when its tab closes during a tool call, and calls no more tools', async () => {
    let tabOpen = true;
    const touching = {
      ...testTool('touch_page', 'read'),
      async execute(_args: unknown, context: ToolRunContext) {
        tabOpen = false;
        const result = await context.page.request('page/echo', { text: 'x' });
        return result.ok
          ? { ok: true as const, result: 'touched', summary: 'touched' }
          : { ok: false as const, code: result.error.code, message: result.error.message };
      },
    };
    const h = await createHarness({
      tools: [touching],
      turns: [
        [call('c1', 'touch_page', {}), call('c2', 'touch_page', {}), finish('tool_calls')],
        [text('never'), finish()],
      ],
      extra: {
        tabs: {
          siteOf: async (tabId) =>
            tabOpen
              ? {
                  tabId,
                  windowId: 1,
                  url: 'https://typst.app/project/proj-1',
                  siteId: 'typst',
                  scope: { siteId: 'typst', projectId: 'proj-1' },
                }
              : null,
        },
      },
    });
    const { runId } = await h.send();
    await h.agent.idle();
    expect(h.endOf(runId)).toMatchObject({ status: 'error', error: { code: 'RUN_SCOPE_CHANGED' } });
    expect(h.requests).toHaveLength(1);
    const statuses = h
      .eventsOf(runId)
      .filter((event) => event.type === 'run/tool-status')
      .map((event) => event.payload as { callId: string; status: string });
    expect(statuses.some((status) => status.callId === 'c2' && status.status === 'done')).toBe(
      false,
    );
  });
});
