import { describe, expect, it } from 'vitest';
import type { ToolDefinition, ToolRunContext } from '../tools/define-tool';
import { call, createHarness, finish, testTool, text, until } from './__fixtures__/agent-harness';

/** A tool that ends the run after its round (a durable pause), offered only when asked. */
function pauseTool(seen: ToolRunContext[]): ToolDefinition<unknown> {
  const base = testTool('pause_here', 'read', async (_args, context) => (seen.push(context), {}));
  return {
    ...base,
    offerWhen: (personText) => personText.some((entry) => entry.includes('later')),
    execute: async (args, context) => {
      const outcome = await base.execute(args, context);
      return outcome.ok ? { ...outcome, endsRun: true } : outcome;
    },
  };
}

const offeredNames = (request: unknown) =>
  ((request as { tools?: { name: string }[] }).tools ?? []).map((tool) => tool.name);

describe('the run loop and tools that end the run or are offered on request', () => {
  it('ends the run after the round of a tool whose outcome ends it, with no further model call', async () => {
    const seen: ToolRunContext[] = [];
    const harness = await createHarness({
      tools: [pauseTool(seen)],
      turns: [
        [call('c1', 'pause_here', {}), finish('tool_calls')],
        [text('never'), finish()],
      ],
    });
    const { runId } = await harness.send('Do it later, please.');
    await until(() => harness.endOf(runId) !== undefined);
    expect(harness.endOf(runId)).toMatchObject({ status: 'done' });
    expect(harness.requests).toHaveLength(1);
    expect(seen[0]?.runStart).toEqual({ modelId: 'model-1', agentMode: null });
  });

  it('offers a tool with offerWhen only when the person asked, and refuses a call to it otherwise', async () => {
    const harness = await createHarness({
      tools: [pauseTool([]), testTool('always', 'read')],
      turns: [
        [call('c1', 'pause_here', {}), finish('tool_calls')],
        [text('ok'), finish()],
      ],
    });
    const { runId } = await harness.send('Just read the page.');
    await until(() => harness.endOf(runId) !== undefined);
    expect(offeredNames(harness.requests[0])).toEqual(['always']);
    expect(JSON.stringify(harness.requests[1])).toContain('UNKNOWN_TOOL');
    expect(harness.requests).toHaveLength(2);
    const asked = await createHarness({ tools: [pauseTool([])], turns: [[text('ok'), finish()]] });
    const second = await asked.send('Check again later.');
    await until(() => asked.endOf(second.runId) !== undefined);
    expect(offeredNames(asked.requests[0])).toEqual(['pause_here']);
  });
});
