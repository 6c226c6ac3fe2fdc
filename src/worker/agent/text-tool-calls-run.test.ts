// Text-style tool calls through real runs of the agent core: a reply that is a call
// in a local model's text template runs as that call (the model then sees it as a
// call and its result), and a reply naming a tool the run does not offer stays the
// answer, with nothing run.
import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../providers/model-adapter';
import { WEB_SCOPE, createHarness, finish, testTool, text } from './__fixtures__/agent-harness';

const assistantCalls = (request: ModelRequest | undefined) =>
  (request?.messages ?? []).flatMap((message) =>
    message.role === 'assistant' ? (message.toolCalls ?? []) : [],
  );

describe('tool calls written as text', () => {
  it('runs a Hermes-style call to an offered tool, and the model sees a call and its result', async () => {
    const reads: (string | null)[] = [];
    const h = await createHarness({
      scope: WEB_SCOPE,
      tools: [
        testTool('read_page', 'read', async (args) => {
          reads.push(args.value ?? null);
          return { text: 'Garden shop' };
        }),
      ],
      turns: [
        [
          text('<tool_call>\n{"name": "read_page", "arguments": {"value": "top"}}\n</tool_call>'),
          finish(),
        ],
        [text('The page is a garden shop.'), finish()],
      ],
    });
    const { runId } = await h.send('What is this page?', undefined, 'ask', 'ask');
    await h.agent.idle();
    expect(h.endOf(runId)?.status).toBe('done');
    expect(reads).toEqual(['top']);
    expect(h.requests).toHaveLength(2);
    const [replayed] = assistantCalls(h.requests[1]);
    expect(replayed).toMatchObject({ name: 'read_page', argumentsText: '{"value":"top"}' });
    const result = h.requests[1]?.messages.find((message) => message.role === 'tool');
    expect(result?.role === 'tool' && result.content).toContain('Garden shop');
  });

  it('keeps a reply that names a tool the run does not offer as the answer', async () => {
    const reads: string[] = [];
    const reply = '<tool_call>{"name": "click", "arguments": {"ref": "e1"}}</tool_call>';
    const h = await createHarness({
      scope: WEB_SCOPE,
      tools: [testTool('read_page', 'read', async () => void reads.push('read'))],
      turns: [[text(reply), finish()]],
    });
    const { runId } = await h.send('Click it.', undefined, 'ask', 'ask');
    await h.agent.idle();
    expect(h.endOf(runId)?.status).toBe('done');
    expect(h.requests).toHaveLength(1);
    expect(reads).toEqual([]);
  });
});
