import { describe, expect, it } from 'vitest';
import type { RunToolSet } from '../integrations/run-tool-set';
import type { ModelRequest } from '../providers/model-adapter';
import type { ToolDefinition } from '../tools/define-tool';
import { call, createHarness, finish, testTool, text, until } from './__fixtures__/agent-harness';

const toolSet = (
  tools: ToolDefinition<unknown>[],
  extra: Partial<RunToolSet> = {},
): RunToolSet => ({
  tools: tools as RunToolSet['tools'],
  trustedRouteIds: new Set(),
  trusted: () => false,
  notices: [],
  modelNote: null,
  ...extra,
});

const toolMessages = (request: ModelRequest | undefined) =>
  (request?.messages ?? []).filter((message) => message.role === 'tool');
const pendingCount = (events: { type: string; payload: unknown }[]) =>
  events.filter(
    (event) =>
      event.type === 'run/pending' && (event.payload as { pending: unknown }).pending !== null,
  ).length;

describe('run integrations', () => {
  it('offers external tools, shows notices, tells the model the set is partial, and trusts only what the set trusts', async () => {
    let trustedRuns = 0;
    const trustedTool = testTool(
      'trusted_api',
      'external',
      async () => ((trustedRuns += 1), 'fine'),
    );
    const collides = testTool('builtin_read', 'external');
    const signals: AbortSignal[] = [];
    const h = await createHarness({
      tools: [testTool('builtin_read', 'read')],
      turns: [
        [call('c1', 'trusted_api', {}), finish('tool_calls')],
        [text('done'), finish()],
      ],
      extra: {
        integrations: {
          prepareRunToolSet: async (signal) => {
            signals.push(signal);
            return toolSet([trustedTool, collides], {
              trusted: (tool) => tool === trustedTool,
              notices: [
                {
                  level: 'warning',
                  code: 'MCP_UNREACHABLE' as never,
                  message: 'MCP server "Down" is unavailable',
                },
              ],
              modelNote: 'The tool set is partial: MCP server "Down" could not be reached.',
            });
          },
        },
      },
    });
    const { runId } = await h.send();
    await h.agent.idle();
    expect(h.endOf(runId)?.status).toBe('done');
    expect(signals).toHaveLength(1);
    expect(trustedRuns).toBe(1);
    expect(pendingCount(h.eventsOf(runId))).toBe(0);
    const offered = h.requests[0]!.tools.map((tool) => tool.name);
    expect(offered).toEqual(['builtin_read', 'trusted_api']);
    const notices = h
      .eventsOf(runId)
      .filter((event) => event.type === 'run/notice')
      .map((event) => event.payload as { message: string; code?: string });
    expect(notices.map((notice) => notice.code)).toEqual(
      expect.arrayContaining(['MCP_UNREACHABLE', 'TOOL_REGISTRY_COLLISION']),
    );
    // The note is labelled untrusted user context, never part of the system prompt.
    const system = h.requests[0]!.messages.filter((message) => message.role === 'system')
      .map((message) => JSON.stringify(message))
      .join('');
    expect(system).not.toContain('partial');
    const user = h.requests[0]!.messages.filter((message) => message.role === 'user').at(-1);
    expect(JSON.stringify(user)).toContain('[Untrusted tool-set status from the extension]');
    expect(JSON.stringify(user)).toContain('MCP server \\"Down\\" could not be reached');
  });

  it('asks for an untrusted external tool', async () => {
    const external = testTool('ask_api', 'external');
    const h = await createHarness({
      turns: [
        [call('c1', 'ask_api', {}), finish('tool_calls')],
        [text('done'), finish()],
      ],
      extra: { integrations: { prepareRunToolSet: async () => toolSet([external]) } },
    });
    const { runId } = await h.send();
    await until(() => pendingCount(h.eventsOf(runId)) === 1);
    h.agent.resolve(runId, 'c1', 'deny');
    await h.agent.idle();
    expect(JSON.parse(toolMessages(h.requests[1])[0]!.content as string)).toMatchObject({
      ok: false,
      code: 'TOOL_DENIED',
    });
  });

  it('passes MCP images as image parts to a vision model and never as base64 text', async () => {
    const image = { type: 'image', mediaType: 'image/png', base64: 'iVBORw0KGgo=' };
    const picture = testTool('picture', 'external', async () => ({
      text: 'a picture',
      images: [image],
    }));
    for (const supportsVision of [true, false]) {
      const h = await createHarness({
        turns: [
          [call('c1', 'picture', {}), finish('tool_calls')],
          [text('done'), finish()],
        ],
        extra: {
          integrations: {
            prepareRunToolSet: async () => toolSet([picture], { trusted: () => true }),
          },
        },
      });
      await h.settings.saveModel({
        id: 'model-1',
        name: 'Test',
        kind: 'openai-compatible',
        baseUrl: 'http://127.0.0.1:9/v1',
        modelId: 'scripted',
        supportsVision,
        reasoningEffort: 'default',
        contextWindow: 128_000,
        insecureOriginAcknowledged: null,
        apiKey: '',
      });
      await h.send();
      await h.agent.idle();
      const second = h.requests[1]!;
      const content = toolMessages(second)[0]!.content as string;
      expect(content).not.toContain('iVBORw0KGgo=');
      const last = second.messages.at(-1)!;
      if (supportsVision) {
        expect(JSON.parse(content)).toMatchObject({
          ok: true,
          result: { text: 'a picture', imagesAttached: 1 },
        });
        expect(last.role).toBe('user');
        expect(
          last.role === 'user' ? last.content.filter((part) => part.type === 'image') : [],
        ).toEqual([{ type: 'image', mediaType: 'image/png', base64: 'iVBORw0KGgo=' }]);
      } else {
        expect(JSON.parse(content)).toMatchObject({ ok: true, result: { imagesOmitted: 1 } });
        expect(last.role).toBe('tool');
      }
    }
  });
});
