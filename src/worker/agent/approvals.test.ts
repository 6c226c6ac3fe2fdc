import { describe, expect, it } from 'vitest';
import type { DiffView } from '../../shared/protocol/diff-view';
import type { ModelRequest } from '../providers/model-adapter';
import { call, createHarness, finish, testTool, text, until } from './__fixtures__/agent-harness';

const toolResults = (request: ModelRequest | undefined) =>
  (request?.messages ?? []).flatMap((message) =>
    message.role === 'tool' ? [JSON.parse(message.content) as { ok: boolean; code?: string }] : [],
  );

async function externalRun(
  decide: (h: Awaited<ReturnType<typeof createHarness>>, runId: string) => void,
  extra = {},
) {
  let runs = 0;
  const external = testTool('send_it', 'external', async () => ((runs += 1), 'sent'));
  const h = await createHarness({
    tools: [external],
    turns: [
      [call('c1', 'send_it', {}), call('c2', 'send_it', {}), finish('tool_calls')],
      [text('ok'), finish()],
    ],
    extra,
  });
  const { runId } = await h.send();
  decide(h, runId);
  await h.agent.idle();
  return { h, runId, runs: () => runs };
}

const pendingCount = (h: Awaited<ReturnType<typeof createHarness>>, runId: string) =>
  h
    .eventsOf(runId)
    .filter(
      (event) =>
        event.type === 'run/pending' && (event.payload as { pending: unknown }).pending !== null,
    ).length;

describe('external approvals', () => {
  it('approve once asks for every call; allow for run asks once', async () => {
    const once = await externalRun((h, runId) => {
      void (async () => {
        await until(() => pendingCount(h, runId) === 1);
        expect(h.agent.resolve(runId, 'c1', 'approve-once')).toEqual({ accepted: true });
        await until(() => pendingCount(h, runId) === 2);
        expect(h.agent.resolve(runId, 'c2', 'approve-once')).toEqual({ accepted: true });
      })();
    });
    expect(once.runs()).toBe(2);
    const forRun = await externalRun((h, runId) => {
      void until(() => pendingCount(h, runId) === 1).then(() =>
        h.agent.resolve(runId, 'c1', 'allow-run'),
      );
    });
    expect(forRun.runs()).toBe(2);
    expect(pendingCount(forRun.h, forRun.runId)).toBe(1);
  });

  it('deny and timeout are denials the model sees as TOOL_DENIED', async () => {
    const denied = await externalRun((h, runId) => {
      void (async () => {
        await until(() => pendingCount(h, runId) === 1);
        h.agent.resolve(runId, 'c1', 'deny');
        await until(() => pendingCount(h, runId) === 2);
        h.agent.resolve(runId, 'c2', 'deny');
      })();
    });
    expect(denied.runs()).toBe(0);
    expect(toolResults(denied.h.requests[1]).map((result) => result.code)).toEqual([
      'TOOL_DENIED',
      'TOOL_DENIED',
    ]);
    const timedOut = await externalRun(() => undefined, { interactionTimeoutMs: 20 });
    expect(timedOut.runs()).toBe(0);
    expect(toolResults(timedOut.h.requests[1]).map((result) => result.code)).toEqual([
      'TOOL_DENIED',
      'TOOL_DENIED',
    ]);
  });

  it('refuses answers with the wrong callId, a decision the prompt does not offer, or a stale runId', async () => {
    const result = await externalRun((h, runId) => {
      void (async () => {
        await until(() => pendingCount(h, runId) === 1);
        expect(h.agent.resolve(runId, 'c2', 'approve-once')).toEqual({ accepted: false });
        expect(h.agent.resolve(runId, 'c1', 'apply')).toEqual({ accepted: false });
        expect(() => h.agent.resolve('other-run', 'c1', 'approve-once')).toThrow(/not active/);
        h.agent.resolve(runId, 'c1', 'deny');
        await until(() => pendingCount(h, runId) === 2);
        h.agent.resolve(runId, 'c2', 'deny');
      })();
    });
    expect(result.runs()).toBe(0);
  });
});

describe('edit review', () => {
  const diff: DiffView = {
    fileLabel: 'main.typ',
    additions: 0,
    deletions: 0,
    hunks: [],
    truncated: false,
  };
  const editTool = (seen: string[]) =>
    testTool('edit_it', 'editor-write', async (_args, context) => {
      const decision = await context.interaction.reviewEdit(context.callId, 'edit_it', diff);
      seen.push(decision);
      return decision;
    });

  it('Ask mode waits for Apply or Reject; Auto mode applies without a prompt', async () => {
    const seen: string[] = [];
    const h = await createHarness({
      tools: [editTool(seen)],
      turns: [
        [call('e1', 'edit_it', {}), finish('tool_calls')],
        [text('ok'), finish()],
      ],
    });
    const { runId } = await h.send();
    await until(() => pendingCount(h, runId) === 1);
    const pending = h.agent.status(
      { siteId: 'typst', projectId: 'proj-1' },
      (h.eventsOf(runId)[0]?.payload as { identity: { sessionId: string } }).identity.sessionId,
    )?.pending;
    expect(pending).toMatchObject({ kind: 'edit-review', callId: 'e1' });
    expect(h.agent.resolve(runId, 'e1', 'approve-once')).toEqual({ accepted: false });
    expect(h.agent.resolve(runId, 'e1', 'reject')).toEqual({ accepted: true });
    await h.agent.idle();
    expect(seen).toEqual(['reject']);
    const auto = await createHarness({
      tools: [editTool(seen)],
      turns: [
        [call('e1', 'edit_it', {}), finish('tool_calls')],
        [text('ok'), finish()],
      ],
    });
    const second = await auto.send('Hello?', undefined, 'auto');
    await auto.agent.idle();
    expect(seen).toEqual(['reject', 'apply']);
    expect(pendingCount(auto, second.runId)).toBe(0);
  });
});
