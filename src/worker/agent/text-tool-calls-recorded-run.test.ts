// One recorded reply per text format the fallback learned, through a real run of
// the agent core: the run executes exactly the calls the reply carries, with their
// arguments, and the model then sees them as calls (not as its own text).
import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../providers/model-adapter';
import type { ToolDefinition } from '../tools/define-tool';
import { validateParsedArguments } from '../tools/validate-arguments';
import { WEB_SCOPE, call, createHarness, finish, text } from './__fixtures__/agent-harness';
import { RECORDED_SAMPLES, RECORDED_TOOLS } from './__fixtures__/recorded-tool-call-outputs';

const NEW_FAMILIES = [
  'Mistral (v11 tokenizer)',
  'Llama 4 (pythonic)',
  'Liquid LFM2',
  'Granite 3',
  'Phi-4-mini',
  'Qwen3-Coder',
  'GLM-4.5',
  'Kimi K2',
  'gpt-oss (harmony)',
] as const;

/** A tool of the recordings whose runs are written down as `name(arguments)`. */
function recordedTool(
  definition: (typeof RECORDED_TOOLS)[number],
  ran: string[],
): ToolDefinition<unknown> {
  return {
    ...definition,
    parseArguments(value) {
      const checked = validateParsedArguments(
        value as Record<string, unknown>,
        definition.inputSchema,
      );
      return checked.ok
        ? { ok: true, args: checked.value }
        : { ok: false, code: checked.code, message: checked.message };
    },
    effect: 'read',
    approval: 'automatic',
    async execute(args) {
      ran.push(`${definition.name}(${JSON.stringify(args)})`);
      return { ok: true, result: { done: true }, summary: `${definition.name} ran` };
    },
  };
}

const assistantCalls = (request: ModelRequest | undefined) =>
  (request?.messages ?? []).flatMap((message) =>
    message.role === 'assistant' ? (message.toolCalls ?? []) : [],
  );

describe('recorded text tool calls in a run', () => {
  it.each(NEW_FAMILIES)('runs the calls of a recorded %s reply', async (family) => {
    const sample = RECORDED_SAMPLES.find((entry) => entry.family === family && entry.calls);
    const calls = sample?.calls ?? [];
    expect(calls.length).toBeGreaterThan(0);
    const ran: string[] = [];
    const h = await createHarness({
      scope: WEB_SCOPE,
      tools: RECORDED_TOOLS.filter((tool) => calls.some((call) => call.name === tool.name)).map(
        (tool) => recordedTool(tool, ran),
      ),
      turns: [
        [text(sample?.reply ?? ''), finish()],
        [text('Done.'), finish()],
      ],
    });
    const { runId } = await h.send('Go ahead.', undefined, 'ask', 'ask');
    await h.agent.idle();
    expect(h.endOf(runId)?.status).toBe('done');
    expect(ran).toEqual(calls.map((call) => `${call.name}(${JSON.stringify(call.arguments)})`));
    expect(h.requests).toHaveLength(2);
    expect(assistantCalls(h.requests[1]).map((call) => call.name)).toEqual(
      calls.map((call) => call.name),
    );
    const replayed = h.requests[1]?.messages.find((message) => message.role === 'assistant');
    expect(replayed?.role === 'assistant' && replayed.text).toBe(sample?.rest ?? '');
  });

  it('runs only the API tool calls when a reply has them, whatever its text says', async () => {
    const ran: string[] = [];
    const tools = RECORDED_TOOLS.filter((tool) => ['add', 'get_weather'].includes(tool.name));
    const textCall = RECORDED_SAMPLES.find((entry) => entry.family === 'Granite 3' && entry.calls);
    const h = await createHarness({
      scope: WEB_SCOPE,
      tools: tools.map((tool) => recordedTool(tool, ran)),
      turns: [
        [text(textCall?.reply ?? ''), call('api-1', 'add', { a: 1, b: 2 }), finish('tool_calls')],
        [text('Done.'), finish()],
      ],
    });
    const { runId } = await h.send('Go ahead.', undefined, 'ask', 'ask');
    await h.agent.idle();
    expect(h.endOf(runId)?.status).toBe('done');
    expect(ran).toEqual(['add({"a":1,"b":2})']);
  });
});
