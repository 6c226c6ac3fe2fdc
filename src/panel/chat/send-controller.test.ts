import { describe, expect, it } from 'vitest';
import type { TabSite } from '../../shared/protocol/site-catalog';
import type { AgentMode, PromptTier } from '../../shared/protocol/agent-modes';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import { createFakeApi, type FakeHandler } from './__fixtures__/fake-panel-api';
import { RunController } from './run-controller';
import { SendController } from './send-controller';

const SITE: TabSite = {
  tabId: 7,
  windowId: 1,
  url: 'https://typst.app/project/p1',
  siteId: 'typst',
  scope: { siteId: 'typst', projectId: 'p1' },
};

function setup(overrides: Record<string, FakeHandler> = {}) {
  const state = {
    site: SITE as TabSite | null,
    sessionId: 's1' as string | null,
    agentMode: null as AgentMode | null,
    tier: 'full' as PromptTier | null,
  };
  let ids = 0;
  const fake = createFakeApi({
    'context/read-identity': () => ({
      file: { projectLabel: 'Thesis', path: 'main.typ', source: 'header_breadcrumb' },
      selection: { anchor: 3, head: 7 },
    }),
    'run/reserve': () => ({ reserved: true, expiresAt: 1 }),
    'session/append-user-turn': () => ({
      id: 's1',
      scope: { siteId: 'typst', projectId: 'p1' },
      name: 'c',
      createdAt: 1,
      updatedAt: 1,
      userRenamed: false,
      turnCount: 1,
      approxBytes: 1,
      preview: '',
    }),
    'run/start': () => ({ started: true, cancelled: false }),
    'run/cancel': () => ({ cancelled: true }),
    ...overrides,
  });
  const runs = new RunController({ client: fake.api });
  const cleared: number[] = [];
  const send = new SendController({
    client: fake.api,
    runs,
    attachments: {
      refreshFor: async () => ({ attachments: [], records: [] }),
      clear: () => cleared.push(1),
    },
    context: {
      site: () => state.site,
      sessionId: () => state.sessionId,
      modelId: () => 'm1',
      editMode: () => 'ask',
      agentMode: () => state.agentMode,
      promptTier: () => state.tier,
    },
    createId: () => `id-${++ids}`,
    now: () => 5,
  });
  return { fake, runs, send, state, cleared };
}

describe('Send', () => {
  it('reads the identity and selection, reserves before appending the user turn, then starts with what it captured', async () => {
    const { fake, send, runs } = setup();
    const outcome = await send.send('  Fix the title  ');
    expect(outcome).toEqual({ kind: 'started', runId: 'id-1' });
    expect(fake.types()).toEqual([
      'context/read-identity',
      'run/reserve',
      'session/append-user-turn',
      'run/start',
    ]);
    const [, reserve, append, start] = fake.calls;
    expect(reserve?.runId).toBe('id-1');
    expect(reserve?.payload).toEqual({
      tabId: 7,
      scope: { siteId: 'typst', projectId: 'p1' },
      sessionId: 's1',
    });
    expect((append?.payload as { turn: { text: string; file: unknown } }).turn.text).toBe(
      'Fix the title',
    );
    expect(start?.runId).toBe('id-1');
    expect(start?.payload).toMatchObject({
      userTurnId: 'id-2',
      modelId: 'm1',
      editMode: 'ask',
      file: { path: 'main.typ' },
      // The selection at Send travels with the run; tools use it, not the live one.
      selection: { anchor: 3, head: 7 },
    });
    expect(runs.live.value?.runId).toBe('id-1');
  });

  it('captures the chat agent mode at Send, and a later change does not reach the started run', async () => {
    const { fake, send, state } = setup({
      'run/reserve': () => {
        // The person switches to Dev while the send is being prepared.
        state.agentMode = 'dev';
        return { reserved: true, expiresAt: 1 };
      },
    });
    state.agentMode = 'act';
    expect((await send.send('Add it to the cart')).kind).toBe('started');
    expect(fake.calls.at(-1)?.payload).toMatchObject({ agentMode: 'act' });
  });

  it('sends no agent mode on a site without the mode control', async () => {
    const { fake, send } = setup();
    await send.send('hi');
    expect(fake.calls.at(-1)?.payload).not.toHaveProperty('agentMode');
  });

  it('refuses Dev mode with a compact-tier model before reserving anything', async () => {
    const { fake, send, state } = setup();
    state.agentMode = 'dev';
    state.tier = 'compact';
    const outcome = await send.send('Why is this grey?');
    expect(outcome.kind).toBe('refused');
    expect(send.status.value).toMatch(/^Dev mode needs a model with the Mid or Full prompt tier/);
    expect(fake.types()).toEqual([]);
    state.agentMode = 'act';
    expect((await send.send('Why is this grey?')).kind).toBe('started');
  });

  it('admits exactly one message on a double click', async () => {
    const { fake, send } = setup();
    const [first, second] = await Promise.all([send.send('hi'), send.send('hi')]);
    expect(first.kind).toBe('started');
    expect(second.kind).toBe('busy');
    expect(fake.types().filter((type) => type === 'session/append-user-turn')).toHaveLength(1);
  });

  it('cancels the reservation and appends nothing when the chat changes after reserving', async () => {
    const holder: { state?: { sessionId: string | null } } = {};
    const { fake, send, state } = setup({
      'run/reserve': () => {
        if (holder.state) holder.state.sessionId = 's2';
        return { reserved: true, expiresAt: 1 };
      },
    });
    holder.state = state;
    expect((await send.send('hi')).kind).toBe('stale');
    expect(fake.types()).toEqual(['context/read-identity', 'run/reserve', 'run/cancel']);
    expect(fake.calls[2]?.runId).toBe('id-1');
  });

  it('cancels the reservation when the tab or project changes, and when Stop is pressed', async () => {
    const { fake, send, state } = setup();
    const pending = send.send('hi');
    state.site = { ...SITE, scope: { siteId: 'typst', projectId: 'p2' } };
    expect((await pending).kind).toBe('stale');
    expect(fake.types()).not.toContain('session/append-user-turn');

    const again = setup();
    const running = again.send.send('hi');
    void again.send.stop();
    expect((await running).kind).toBe('stopped');
    expect(again.fake.types()).not.toContain('session/append-user-turn');
    expect(again.fake.types()).not.toContain('run/start');
  });

  it('refuses without sending where the page has no chat scope or without text', async () => {
    const { fake, send, state } = setup();
    state.site = { ...SITE, siteId: 'web', scope: null };
    expect((await send.send('hi')).kind).toBe('refused');
    state.site = SITE;
    expect((await send.send('   ')).kind).toBe('refused');
    expect(fake.calls).toHaveLength(0);
  });

  it('shows a failed reservation with its code and stores nothing', async () => {
    const { fake, send } = setup({
      'run/reserve': () => {
        throw new ProtocolFailure('HANDLER_FAILED', 'busy chat');
      },
    });
    const outcome = await send.send('hi');
    expect(outcome.kind).toBe('failed');
    expect(send.error.value?.code).toBe('HANDLER_FAILED');
    expect(fake.types()).not.toContain('session/append-user-turn');
  });

  it('regenerates the last answer without storing another user turn', async () => {
    const { fake, send } = setup();
    const turn = {
      id: 'u1',
      role: 'user' as const,
      createdAt: 1,
      text: 'again',
      file: null,
      attachments: [],
    };
    expect((await send.regenerate(turn)).kind).toBe('started');
    expect(fake.types()).toEqual(['run/reserve', 'run/start']);
    expect(fake.calls[1]?.payload).toMatchObject({ userTurnId: 'u1' });
  });
});
