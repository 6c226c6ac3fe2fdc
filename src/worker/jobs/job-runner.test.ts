import { describe, expect, it } from 'vitest';
import type { ChatStore } from '../storage/store-contracts';
import type { RunStartRequest } from '../../shared/protocol/run-messages';
import { createJobRunner, type JobTab } from './job-runner';
import { createRunWatch } from './run-watch';
import { storedJob } from './__fixtures__/jobs';
import { settle } from './__fixtures__/job-fakes';

function setup(
  options: {
    tab?: JobTab | null;
    activeTabs?: number[];
    start?: 'ok' | 'throw';
    approveItself?: boolean;
  } = {},
) {
  const resolved: string[] = [];
  const forwarded: string[] = [];
  const watch = createRunWatch({ emit: (envelope) => void forwarded.push(envelope.type) });
  const started: { runId: string; request: RunStartRequest }[] = [];
  const userTurns: { sessionId: string; text: string }[] = [];
  const opened: string[] = [];
  let ids = 0;
  const chats = {
    create: async () => ({ id: 'new-chat' }),
    appendUserTurn: async (sessionId: string, turn: { text: string }) => {
      userTurns.push({ sessionId, text: turn.text });
    },
  } as unknown as ChatStore;
  const runner = createJobRunner({
    agent: {
      reserve: () => undefined,
      start: (runId, request) => {
        if (options.start === 'throw') {
          const failure = Object.assign(new Error('No such model.'), { code: 'MODEL_NOT_FOUND' });
          throw failure;
        }
        started.push({ runId, request });
        return { started: true, cancelled: false };
      },
      activeRuns: () => (options.activeTabs ?? []).map((tabId) => ({ runId: 'other', tabId })),
      status: () => null,
      resolve: (_runId, callId, decision) => void resolved.push(`${callId}:${decision}`),
    },
    ...(options.approveItself === undefined
      ? {}
      : { mayApproveItself: async () => options.approveItself === true }),
    chats,
    tabs: {
      get: async () =>
        options.tab === undefined ? { tabId: 7, url: 'https://shop.example/a' } : options.tab,
      openOrReuse: async (url) => {
        opened.push(url);
        return { tabId: 9, url };
      },
    },
    watch,
    createId: () => `id-${(ids += 1)}`,
    now: () => 1_000,
  });
  const emit = (runId: string, type: string, payload: unknown) =>
    watch.transport.emit({ type, runId, payload });
  return { runner, started, userTurns, opened, emit, forwarded, resolved };
}

const hooks = (waits: boolean[] = []) => ({
  lateNote: null,
  waiting: (isWaiting: boolean) => void waits.push(isWaiting),
});
const tabJob = storedJob({
  target: { type: 'current_tab', tabId: 7, url: 'https://shop.example/kettle' },
});

describe('createJobRunner', () => {
  it('opens a url target, starts a run in a new chat and reports its end', async () => {
    const { runner, started, userTurns, opened, emit, forwarded } = setup();
    const result = runner.run(storedJob(), hooks());
    await settle();
    expect(opened).toEqual(['https://shop.example/kettle']);
    expect(userTurns).toEqual([
      {
        sessionId: 'new-chat',
        text: '[Scheduled task: Check the price]\nRead the price of the blue kettle and tell me.',
      },
    ]);
    expect(started[0]?.request).toMatchObject({
      tabId: 9,
      sessionId: 'new-chat',
      modelId: 'model-1',
      agentMode: 'act',
    });
    await emit(started[0]?.runId ?? '', 'run/end', {
      status: 'done',
      sessionId: 'new-chat',
      assistantTurnId: 'a',
    });
    expect(await result).toEqual({
      outcome: 'done',
      message: 'Finished.',
      code: null,
      sessionId: 'new-chat',
    });
    expect(forwarded).toEqual(['run/end']);
  });

  it('continues the same chat for a resume job', async () => {
    const { runner, started, userTurns, emit } = setup();
    const result = runner.run(
      storedJob({ ...tabJob, kind: 'resume', sessionId: 'chat-3' }),
      hooks(),
    );
    await settle();
    expect(userTurns[0]?.sessionId).toBe('chat-3');
    expect(started[0]?.request).toMatchObject({ tabId: 7, sessionId: 'chat-3' });
    await emit(started[0]?.runId ?? '', 'run/end', {
      status: 'error',
      error: { code: 'PROVIDER_ERROR', message: 'The model is down.' },
    });
    expect(await result).toMatchObject({
      outcome: 'error',
      message: 'The model is down.',
      code: 'PROVIDER_ERROR',
    });
  });

  it('refuses a current-tab job whose tab is closed, starting nothing', async () => {
    const { runner, started } = setup({ tab: null });
    expect(await runner.run(tabJob, hooks())).toMatchObject({
      outcome: 'refused',
      code: 'JOB_TARGET_TAB_GONE',
    });
    expect(started).toEqual([]);
  });

  it('refuses a current-tab job whose tab is on another site now', async () => {
    const { runner, started, userTurns } = setup({
      tab: { tabId: 7, url: 'https://mail.example/inbox' },
    });
    const report = await runner.run(tabJob, hooks());
    expect(report).toMatchObject({ outcome: 'refused', code: 'JOB_TARGET_NAVIGATED' });
    expect(report.message).toBe(
      'Did not run: its tab now shows https://mail.example instead of https://shop.example.',
    );
    expect(started).toEqual([]);
    expect(userTurns).toEqual([]);
  });

  it('says the tab is busy only while another run acts in it', async () => {
    expect(await setup({ activeTabs: [7] }).runner.isBusy(tabJob)).toBe(true);
    expect(await setup({ activeTabs: [8] }).runner.isBusy(tabJob)).toBe(false);
  });

  it('reports a waiting question and its answer', async () => {
    const { runner, started, emit } = setup();
    const waits: boolean[] = [];
    const result = runner.run(storedJob(), hooks(waits));
    await settle();
    const runId = started[0]?.runId ?? '';
    await emit(runId, 'run/pending', { pending: { kind: 'clarify', callId: 'c' } });
    await emit(runId, 'run/pending', { pending: null });
    await emit(runId, 'run/end', { status: 'done' });
    await result;
    expect(waits).toEqual([true, false]);
  });

  it('passes an unexpected start failure on to the manager (which records it)', async () => {
    const { runner } = setup({ start: 'throw' });
    await expect(runner.run(storedJob(), hooks())).rejects.toThrow('No such model.');
  });

  it('approves an action card itself only when the settings allow it, else waits for the person', async () => {
    for (const approveItself of [true, false]) {
      const { runner, started, emit, resolved } = setup({ approveItself });
      const waits: boolean[] = [];
      const result = runner.run(storedJob(), hooks(waits));
      await settle();
      const runId = started[0]?.runId ?? '';
      await emit(runId, 'run/pending', {
        pending: { kind: 'action-approval', callId: 'a1', name: 'click' },
      });
      await settle();
      expect(resolved).toEqual(approveItself ? ['a1:approve-once'] : []);
      expect(waits).toEqual(approveItself ? [] : [true]);
      await emit(runId, 'run/end', { status: 'done' });
      await result;
    }
  });
});
