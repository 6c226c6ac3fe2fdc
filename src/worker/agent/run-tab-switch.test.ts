// A run that a tool moves to another tab, through the real agent core: the calls
// after the switch get the new tab, the run counts as active in both tabs (so Stop
// on either page and site access reach it), and a tool with a run condition joins
// the offered tools only from the round after its condition holds.
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../tools/define-tool';
import { call, createHarness, finish, testTool, text, until } from './__fixtures__/agent-harness';

const offeredNames = (request: unknown) =>
  ((request as { tools?: { name: string }[] }).tools ?? []).map((tool) => tool.name);

describe('a run moved to another tab', () => {
  it('gives later calls the new tab and reports the run in both tabs', async () => {
    const seenTabs: number[] = [];
    const active: unknown[] = [];
    let switched = false;
    const harness = await createHarness({
      tools: [
        testTool('where', 'read', async (_args, context) => {
          seenTabs.push(context.page.tabId);
          active.push(harness.agent.activeRuns());
          return {};
        }),
        testTool('hop', 'read', async (_args, context) => {
          const moved = await context.page.switchTab?.(8);
          switched = moved?.ok === true;
          return {};
        }),
        {
          ...testTool('only_after_hop', 'read'),
          offerWhileRun: () => switched,
        } as ToolDefinition<unknown>,
      ],
      turns: [
        [call('c1', 'where', {}), finish('tool_calls')],
        [call('c2', 'hop', {}), finish('tool_calls')],
        [call('c3', 'where', {}), finish('tool_calls')],
        [text('done'), finish()],
      ],
    });
    const { runId } = await harness.send('Look at the other tab.');
    await until(() => harness.endOf(runId) !== undefined);
    expect(harness.endOf(runId)).toMatchObject({ status: 'done' });
    expect(switched).toBe(true);
    expect(seenTabs).toEqual([7, 8]);
    expect(active).toEqual([
      [{ runId, tabId: 7 }],
      [
        { runId, tabId: 7 },
        { runId, tabId: 8 },
      ],
    ]);
    expect(harness.tabCalls).toContain(8);
    expect(offeredNames(harness.requests[1])).not.toContain('only_after_hop');
    expect(offeredNames(harness.requests[2])).toContain('only_after_hop');
  });
});
