import { describe, expect, it } from 'vitest';
import type { ModelAdapter, ModelMessage, ModelRequest } from '../providers/model-adapter';
import { call, createHarness, finish, testTool, text, until } from './__fixtures__/agent-harness';
import { EMERGENCY_TOOL_CHARS, emergencyTrim, emergencyTrimNotice } from './emergency-trim';

const system = (value: string): ModelMessage => ({ role: 'system', text: value });
const user = (value: string): ModelMessage => ({
  role: 'user',
  content: [{ type: 'text', text: value }],
});
const asks = (id: string): ModelMessage => ({
  role: 'assistant',
  text: '',
  toolCalls: [{ id, name: 'read_it', argumentsText: '{}' }],
});
const result = (id: string, content: string): ModelMessage => ({
  role: 'tool',
  callId: id,
  toolName: 'read_it',
  content,
});

describe('emergencyTrim', () => {
  it('keeps the system messages, the task and the latest steps, with results cut short', () => {
    const history = [
      system('rules'),
      user('old question'),
      { role: 'assistant', text: 'old answer' } as ModelMessage,
      user('Find the cheapest flight'),
    ];
    const run: ModelMessage[] = [];
    for (let step = 1; step <= 5; step += 1)
      run.push(asks(`c${step}`), result(`c${step}`, `r${step}:` + 'x'.repeat(9_000)));
    const trim = emergencyTrim([...history, ...run], history.length);
    expect(trim).not.toBeNull();
    const kept = trim!.messages;
    expect(kept.slice(0, 2)).toEqual([system('rules'), user('Find the cheapest flight')]);
    expect(trim!.firstRunMessage).toBe(2);
    // Six run messages: three whole rounds, each call still with its result.
    expect(kept.slice(2).map((message) => message.role)).toEqual([
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'tool',
    ]);
    const results = kept.filter((message) => message.role === 'tool');
    expect(results.map((message) => message.callId)).toEqual(['c3', 'c4', 'c5']);
    for (const message of results) {
      expect(message.content.startsWith(`${message.callId.replace('c', 'r')}:`)).toBe(true);
      expect(message.content.length).toBeLessThan(EMERGENCY_TOOL_CHARS + 200);
      expect(message.content).toContain('call the tool again for the rest');
    }
    expect(trim).toMatchObject({ dropped: 6, cut: 3 });
  });

  it('never starts the kept steps with a result whose call was dropped', () => {
    const run = [
      asks('a'),
      result('a', 'one'),
      {
        role: 'assistant',
        text: '',
        toolCalls: ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'].map((id) => ({
          id,
          name: 'read_it',
          argumentsText: '{}',
        })),
      } as ModelMessage,
      ...['b1', 'b2', 'b3', 'b4', 'b5', 'b6'].map((id) => result(id, 'ok')),
    ];
    const trim = emergencyTrim([user('task'), ...run], 1)!;
    const tail = trim.messages.slice(trim.firstRunMessage);
    expect(tail[0]?.role).toBe('assistant');
    expect(tail).toHaveLength(7);
    expect(trim.dropped).toBe(2);
  });

  it('replaces images in the kept steps, and says there is nothing to do for a short chat', () => {
    const screenshot: ModelMessage = {
      role: 'user',
      content: [
        { type: 'text', text: 'The page now:' },
        { type: 'image', mediaType: 'image/png', base64: 'AAAA' },
      ],
    };
    const trim = emergencyTrim([user('task'), asks('a'), result('a', 'ok'), screenshot], 1)!;
    expect(JSON.stringify(trim.messages)).not.toContain('AAAA');
    expect(JSON.stringify(trim.messages.at(-1))).toContain('an image was removed');
    expect(emergencyTrim([user('task'), asks('a'), result('a', 'short')], 1)).toBeNull();
  });

  it('tells the person what was set aside, in plain words', () => {
    expect(emergencyTrimNotice({ dropped: 6, cut: 1 })).toBe(
      'The model said this conversation is too long for it, so Side Agent kept your request and the latest steps (set aside 6 earlier messages, shortened 1 step result) and tried again. If it happens again, start a new chat or choose a model with a larger context window.',
    );
  });
});

/**
 * A provider that refuses the first request longer than `limit` characters; with
 * `refuseAlways` it refuses every request after that one as well.
 */
function smallWindowAdapter(limit: number, refuseAlways = false) {
  const requests: ModelRequest[] = [];
  let refused = 0;
  const adapter: ModelAdapter = {
    kind: 'openai-compatible',
    async *stream(request) {
      requests.push(structuredClone(request) as ModelRequest);
      const size = JSON.stringify(request.messages).length;
      const rounds = request.messages.filter((message) => message.role === 'tool').length;
      const refuses = refuseAlways ? size > limit || refused > 0 : size > limit && refused === 0;
      if (refuses) {
        refused += 1;
        yield {
          type: 'error',
          code: 'PROVIDER_CONTEXT_TOO_LONG',
          message: 'This model maximum context length is 8192 tokens.',
        };
        return;
      }
      if (requests.length <= 4 && rounds < 4) {
        yield call(`c${requests.length}`, 'read_it', { value: 'page' });
        yield finish('tool_calls');
        return;
      }
      yield text('Found it.');
      yield finish();
    },
    async listModels() {
      return { ok: true, data: [] };
    },
  };
  return { adapter, requests };
}

const bigRead = testTool('read_it', 'read', async () => ({ page: 'y'.repeat(12_000) }));

describe('a run whose provider says the context is too long', () => {
  it('is tried once more with the trimmed conversation, and the person is told', async () => {
    const model = smallWindowAdapter(40_000);
    const harness = await createHarness({
      turns: [],
      tools: [bigRead],
      extra: { adapterFor: () => model.adapter },
    });
    const { runId, started } = await harness.send('Read the page four times');
    await started;
    await until(() => harness.endOf(runId) !== undefined, 5_000);
    expect(harness.endOf(runId)?.status).toBe('done');
    const refusedAt = model.requests.findIndex(
      (request) => JSON.stringify(request.messages).length > 40_000,
    );
    const retry = model.requests[refusedAt + 1]!;
    expect(JSON.stringify(retry.messages).length).toBeLessThan(40_000);
    expect(JSON.stringify(retry.messages)).toContain('Read the page four times');
    expect(JSON.stringify(retry.messages)).toContain('call the tool again for the rest');
    const notices = harness
      .eventsOf(runId)
      .filter((event) => event.type === 'run/notice')
      .map((event) => event.payload as { code?: string; message: string });
    expect(notices.find((notice) => notice.code === 'CONTEXT_EMERGENCY_TRIM')?.message).toMatch(
      /^The model said this conversation is too long for it/,
    );
  });

  it('ends with the provider\u2019s error when the trimmed conversation is refused too', async () => {
    const model = smallWindowAdapter(40_000, true);
    const harness = await createHarness({
      turns: [],
      tools: [bigRead],
      extra: { adapterFor: () => model.adapter },
    });
    const { runId, started } = await harness.send('Read the page four times');
    await started;
    await until(() => harness.endOf(runId) !== undefined, 5_000);
    expect(harness.endOf(runId)).toMatchObject({
      status: 'error',
      error: { code: 'PROVIDER_CONTEXT_TOO_LONG' },
    });
    // Tried once more, trimmed, and not again.
    const refusedAt = model.requests.findIndex(
      (request) => JSON.stringify(request.messages).length > 40_000,
    );
    expect(model.requests).toHaveLength(refusedAt + 2);
    expect(JSON.stringify(model.requests.at(-1)!.messages).length).toBeLessThan(40_000);
  });
});
