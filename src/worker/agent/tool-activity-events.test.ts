import { describe, expect, it } from 'vitest';
import type { AssistantTurn } from '../../shared/protocol/chat-records';
import type { ToolDefinition } from '../tools/define-tool';
import { call, createHarness, finish, testTool, text } from './__fixtures__/agent-harness';

/** A test tool with a describer that tells running and finished calls apart. */
const described = (): ToolDefinition<unknown> => ({
  ...testTool('read_thing', 'read'),
  activity: (args, outcome) =>
    `${outcome ? 'Read' : 'Reading'} ${(args as { value?: string }).value ?? 'nothing'}`,
});

describe('agent core: activity lines', () => {
  it('sends the describer line while the call runs and when it ends, and stores the last one', async () => {
    const h = await createHarness({
      tools: [described()],
      turns: [
        [call('c1', 'read_thing', { value: 'notes' }), finish('tool_calls')],
        [text('Done.'), finish()],
      ],
    });
    const { runId, sessionId } = await h.send();
    await h.agent.idle();
    const lines = h
      .eventsOf(runId)
      .filter((event) => event.type === 'run/tool-status')
      .map((event) => event.payload as { status: string; activity?: string })
      .map(({ status, activity }) => `${status}: ${activity ?? '-'}`);
    expect(lines).toEqual(['running: Reading notes', 'done: Read notes']);
    const turn = (await h.chats.get(sessionId))?.turns.at(-1) as AssistantTurn;
    const tools = turn.segments.find((segment) => segment.kind === 'tools');
    expect(tools?.kind === 'tools' ? tools.calls[0]?.activity : null).toBe('Read notes');
  });

  it('sends no line for a tool without a describer, or for arguments that did not parse', async () => {
    const h = await createHarness({
      tools: [testTool('plain_tool', 'read'), described()],
      turns: [
        [
          call('c1', 'plain_tool', {}),
          call('c2', 'read_thing', { value: 42 }),
          finish('tool_calls'),
        ],
        [text('Done.'), finish()],
      ],
    });
    const { runId } = await h.send();
    await h.agent.idle();
    const statuses = h
      .eventsOf(runId)
      .filter((event) => event.type === 'run/tool-status')
      .map((event) => event.payload as { callId: string; status: string; activity?: string });
    expect(statuses.map((status) => `${status.callId}:${status.status}`)).toEqual([
      'c1:done',
      'c2:failed',
    ]);
    expect(statuses.every((status) => status.activity === undefined)).toBe(true);
  });
});

describe('agent core: frame sites to offer', () => {
  it('sends the sites a call offers on its tool-status event, never to the model', async () => {
    const offer = {
      host: 'maps.example',
      pattern: 'https://maps.example/*',
      browserGranted: false,
    };
    const tool: ToolDefinition<unknown> = {
      ...testTool('read_frames', 'read'),
      execute: async () => ({
        ok: true,
        result: { tree: 'iframe' },
        summary: 'read',
        offerSites: [offer],
      }),
    };
    const h = await createHarness({
      tools: [tool, testTool('plain_tool', 'read')],
      turns: [
        [call('c1', 'read_frames', {}), call('c2', 'plain_tool', {}), finish('tool_calls')],
        [text('Done.'), finish()],
      ],
    });
    const { runId } = await h.send();
    await h.agent.idle();
    const done = h
      .eventsOf(runId)
      .filter((event) => event.type === 'run/tool-status')
      .map((event) => event.payload as { callId: string; frameSites?: unknown });
    expect(done.find((status) => status.callId === 'c1')?.frameSites).toEqual([offer]);
    expect(done.find((status) => status.callId === 'c2')).not.toHaveProperty('frameSites');
    expect(JSON.stringify(h.requests.at(-1))).not.toContain('maps.example');
  });
});
