// Agent modes through real runs of the agent core: the tools offered follow the mode
// captured at Send, a call outside it is refused at dispatch whatever the model sends,
// and Dev mode with a compact-tier model never reaches the provider.
import { describe, expect, it } from 'vitest';
import { z } from '../../shared/schema/zod';
import type { ModelRequest } from '../providers/model-adapter';
import { defineTool, type ToolDefinition } from '../tools/define-tool';
import {
  SCOPE,
  WEB_SCOPE,
  call,
  createHarness,
  finish,
  testTool,
  text,
  until,
} from './__fixtures__/agent-harness';

/** Approves the run's page-action calls as the person would, one card at a time. */
function approveActions(h: Awaited<ReturnType<typeof createHarness>>, runId: string) {
  void until(() =>
    h
      .eventsOf(runId)
      .some(
        (event) => event.type === 'run/pending' && JSON.stringify(event.payload).includes('c1'),
      ),
  ).then(() => h.agent.resolve(runId, 'c1', 'approve-once'));
}

/** An act-only page action that records its runs. */
function clickTool(clicks: string[]): ToolDefinition<unknown> {
  return defineTool({
    name: 'click',
    description: 'Clicks the element a ref names.',
    arguments: z.strictObject({ ref: z.string() }),
    effect: 'page-action',
    approval: 'automatic',
    modes: ['act', 'dev'],
    async execute(args) {
      clicks.push(args.ref);
      return { ok: true, result: { clicked: args.ref }, summary: `clicked ${args.ref}` };
    },
  }) as ToolDefinition<unknown>;
}

const toolNames = (request: ModelRequest | undefined) =>
  (request?.tools ?? []).map((offered) => offered.name);
const toolMessages = (request: ModelRequest | undefined) =>
  (request?.messages ?? []).flatMap((message) =>
    message.role === 'tool'
      ? [JSON.parse(message.content) as { ok: boolean; code?: string; message?: string }]
      : [],
  );
const systemText = (request: ModelRequest | undefined) => {
  const first = request?.messages[0];
  return first?.role === 'system' ? first.text : '';
};

const clickThenAnswer = [
  [call('c1', 'click', { ref: 'ref_4' }), finish('tool_calls')],
  [text('Switch to Act mode to let me do that.'), finish()],
];

describe('agent modes in runs', () => {
  it('does not offer an Act-only tool in Ask mode and refuses the call when the model makes it anyway', async () => {
    const clicks: string[] = [];
    const h = await createHarness({
      scope: WEB_SCOPE,
      tools: [clickTool(clicks), testTool('read_page', 'read')],
      turns: clickThenAnswer,
    });
    const { runId } = await h.send('Click the buy button.', undefined, 'ask', 'ask');
    await h.agent.idle();
    expect(h.endOf(runId)?.status).toBe('done');
    expect(toolNames(h.requests[0])).toEqual(['read_page']);
    expect(systemText(h.requests[0])).toContain('answer "Switch to Act mode to let me do that."');
    expect(clicks).toEqual([]);
    const [refusal] = toolMessages(h.requests[1]);
    expect(refusal).toMatchObject({ ok: false, code: 'TOOL_NOT_IN_MODE' });
    expect(refusal?.message).toContain('The person chose Ask mode');
    const status = h
      .eventsOf(runId)
      .filter((event) => event.type === 'run/tool-status')
      .at(-1)?.payload as { status: string; errorCode?: string; summary?: string };
    expect(status).toMatchObject({ status: 'failed', errorCode: 'TOOL_NOT_IN_MODE' });
    // The card speaks to the person; the model's instructions stay with the model.
    expect(status.summary).toBe(
      'This chat is in Ask mode, where the agent only reads the page. To let it do this, choose Act under the message box.',
    );
    expect(JSON.stringify(toolMessages(h.requests[1]))).not.toContain(
      'where the agent only reads the page',
    );
  });

  it('treats a run without a captured mode on a site with modes as Ask', async () => {
    const clicks: string[] = [];
    const h = await createHarness({
      scope: WEB_SCOPE,
      tools: [clickTool(clicks)],
      turns: clickThenAnswer,
    });
    await h.send('Click it.');
    await h.agent.idle();
    expect(toolNames(h.requests[0])).toEqual([]);
    expect(toolMessages(h.requests[1])[0]?.code).toBe('TOOL_NOT_IN_MODE');
    expect(clicks).toEqual([]);
  });

  it('offers and runs the Act-only tool in Act mode', async () => {
    const clicks: string[] = [];
    const h = await createHarness({
      scope: WEB_SCOPE,
      tools: [clickTool(clicks)],
      turns: [clickThenAnswer[0] ?? [], [text('Clicked.'), finish()]],
      // Planning before Act has its own tests (plan/plan-run.test.ts).
      general: { planReview: 'off' },
    });
    const { runId } = await h.send('Click it.', undefined, 'ask', 'act');
    approveActions(h, runId);
    await h.agent.idle();
    expect(toolNames(h.requests[0])).toEqual(['click']);
    expect(systemText(h.requests[0])).toContain('## Mode: Act');
    expect(clicks).toEqual(['ref_4']);
    expect(toolMessages(h.requests[1])[0]).toMatchObject({ ok: true });
  });

  it('refuses Dev mode with a compact-tier model before any provider request', async () => {
    const h = await createHarness({
      scope: WEB_SCOPE,
      turns: [[text('never'), finish()]],
      general: { planReview: 'off' },
    });
    const view = await h.settings.view();
    const model = view.models[0];
    if (!model) throw new Error('the harness saves a model');
    await h.settings.saveModel({ ...model, promptTier: 'compact' });
    const { runId } = await h.send('Why is this button grey?', undefined, 'ask', 'dev');
    await h.agent.idle();
    expect(h.requests).toHaveLength(0);
    expect(h.endOf(runId)).toMatchObject({
      status: 'error',
      error: { code: 'AGENT_MODE_UNAVAILABLE' },
    });
    // The same chat with the same model works in Act.
    const act = await h.send('Why is this button grey?', undefined, 'ask', 'act');
    await h.agent.idle();
    expect(h.endOf(act.runId)?.status).toBe('done');
    expect(h.requests).toHaveLength(1);
  });

  it('offers every mode\u2019s tools on a site without the mode control, whatever the request says', async () => {
    const clicks: string[] = [];
    const h = await createHarness({
      scope: SCOPE,
      tools: [clickTool(clicks)],
      turns: [clickThenAnswer[0] ?? [], [text('Clicked.'), finish()]],
    });
    const { runId } = await h.send('Click it.', undefined, 'ask', 'ask');
    approveActions(h, runId);
    await h.agent.idle();
    expect(toolNames(h.requests[0])).toEqual(['click']);
    expect(systemText(h.requests[0])).not.toContain('## Mode:');
    expect(clicks).toEqual(['ref_4']);
  });
});
