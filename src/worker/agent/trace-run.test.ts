// The run's trace through real runs of the agent core: phases, model calls, tool
// call and result with tracing on; nothing at all with it off.
import { describe, expect, it } from 'vitest';
import { z } from '../../shared/schema/zod';
import type { ModelRequest, StreamPart } from '../providers/model-adapter';
import { defineTool, type ToolDefinition } from '../tools/define-tool';
import { createTestTracesStore } from '../traces/__fixtures__/trace-fakes';
import { createTraceStarter } from '../traces/trace-recorder';
import { WEB_SCOPE, call, createHarness, finish, text } from './__fixtures__/agent-harness';
import { PLANNER_HEADER } from './plan/plan-prompt';

const PLAN = {
  summary: 'Read the page.',
  steps: ['Read the page'],
  risks: [],
  remember: [],
  scheduling: { fits: false, note: '' },
};

const isPlanner = (request: ModelRequest) => {
  const first = request.messages[0];
  return first?.role === 'system' && first.text.startsWith(PLANNER_HEADER);
};

const readTool: ToolDefinition<unknown> = defineTool({
  name: 'read_page',
  description: 'Reads.',
  arguments: z.strictObject({ what: z.string() }),
  effect: 'read',
  approval: 'automatic',
  async execute() {
    return { ok: true, result: { heading: 'Mugs' }, summary: 'read' };
  },
}) as ToolDefinition<unknown>;

const MAIN: StreamPart[][] = [
  [call('c1', 'read_page', { what: 'heading' }), finish('tool_calls')],
  [text('The heading is Mugs.'), finish()],
];

async function tracedRun(enabled: boolean) {
  const store = await createTestTracesStore({ enabled });
  const starter = createTraceStarter({ store });
  const sinks: ReturnType<typeof starter>[] = [];
  const h = await createHarness({
    scope: WEB_SCOPE,
    tools: [readTool],
    general: { planReview: 'auto' },
    extra: {
      traces: (input) => {
        const sink = starter(input);
        sinks.push(sink);
        return sink;
      },
    },
    turns: [0, 1].map(
      (index) =>
        async function* (request: ModelRequest) {
          yield* isPlanner(request) ? [text(JSON.stringify(PLAN)), finish()] : (MAIN[index] ?? []);
        },
    ),
  });
  const { runId } = await h.send('What is the heading?', undefined, 'ask', 'act');
  await h.agent.idle();
  expect(h.endOf(runId)?.status).toBe('done');
  for (const sink of sinks) await sink.settled();
  return { store, runId };
}

describe('run traces', () => {
  it('records the planner and main-loop phases, model calls, the tool call and its result', async () => {
    const { store, runId } = await tracedRun(true);
    const found = await store.get(runId);
    expect(found?.run).toMatchObject({ status: 'done', title: 'What is the heading?' });
    const events = found?.events ?? [];
    const line = events.map((event) => `${event.phase}:${event.kind}`);
    expect(line.slice(0, 4)).toEqual([
      'planner:phase',
      'planner:model-request',
      'planner:model-response',
      'main-loop:phase',
    ]);
    expect(line).toContain('main-loop:tool-call');
    const callEvent = events.find((event) => event.kind === 'tool-call');
    expect(callEvent).toMatchObject({ name: 'read_page', callId: 'c1' });
    expect(JSON.parse(callEvent?.detail ?? '{}')).toEqual({
      name: 'read_page',
      arguments: { what: 'heading' },
    });
    const result = events.find((event) => event.kind === 'tool-result');
    expect(result?.durationMs).toBeGreaterThanOrEqual(0);
    expect(result?.detail).toContain('Mugs');
    expect(line.indexOf('main-loop:tool-call')).toBeLessThan(line.indexOf('main-loop:tool-result'));
    expect(events.filter((event) => event.kind === 'model-request')).toHaveLength(3);
    expect(events.at(-1)?.kind).toBe('model-response');
    expect(events.every((event, index) => event.seq === index)).toBe(true);
  });

  it('records nothing with tracing off', async () => {
    const { store } = await tracedRun(false);
    expect(await store.list()).toEqual([]);
  });
});
