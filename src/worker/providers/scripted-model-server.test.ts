// The scripted model server (test/support/model-server) against the real
// OpenAI-compatible adapter over real HTTP on 127.0.0.1.
import { afterEach, describe, expect, it } from 'vitest';
import {
  startModelServer,
  type ModelServer,
  type Scenario,
} from '../../../test/support/model-server/model-server.mjs';
import { collectParts, joinDeltas } from './__fixtures__/replay-fetch';
import type { ModelMessage, ModelSettings, StreamOptions } from './model-adapter';
import { getModelAdapter, testConnection } from './provider-registry';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const settingsFor = (baseUrl: string, apiKey = ''): ModelSettings => ({
  kind: 'openai-compatible',
  baseUrl,
  apiKey,
  modelId: 'scripted-model',
});
const user: ModelMessage = { role: 'user', content: [{ type: 'text', text: 'How many lines?' }] };
const fetch = globalThis.fetch.bind(globalThis);

function stream(
  settings: ModelSettings,
  messages: ModelMessage[],
  options: Partial<StreamOptions> = {},
) {
  return collectParts(
    getModelAdapter('openai-compatible').stream(
      { settings, messages, tools: [] },
      { signal: new AbortController().signal, fetch, ...options },
    ),
  );
}

describe('scripted model server', () => {
  it('plays a two-round tool conversation and records both requests', async () => {
    server = await startModelServer({ scenario: 'basic-tool-loop' });
    const settings = settingsFor(server.baseUrl);
    const first = await stream(settings, [user]);
    expect(joinDeltas(first, 'reasoning-delta')).toBe(
      'The user wants the line count, so I read the document first.',
    );
    const call = first.find((part) => part.type === 'tool-call');
    expect(call).toEqual({
      type: 'tool-call',
      id: 'call_read_1',
      name: 'read_document',
      argumentsText: '{"from_line":1,"to_line":40}',
      isArgumentsJson: true,
    });
    expect(first.at(-1)).toEqual({ type: 'finish', reason: 'tool_calls', rawReason: 'tool_calls' });

    const second = await stream(settings, [
      user,
      {
        role: 'assistant',
        text: 'Let me read the document.',
        toolCalls: [{ id: 'call_read_1', name: 'read_document', argumentsText: '{}' }],
      },
      { role: 'tool', callId: 'call_read_1', toolName: 'read_document', content: '{"lines":12}' },
    ]);
    expect(joinDeltas(second, 'reasoning-delta')).toBe('The tool said 12 lines.');
    expect(joinDeltas(second, 'text-delta')).toBe('The document has **12 lines**.');
    expect(second.at(-2)).toEqual({ type: 'usage', usage: { inputTokens: 190, outputTokens: 14 } });
    expect(server.requests.map((request) => request.turnIndex)).toEqual([0, 1]);
    expect(server.requests[1]?.body.messages.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'call_read_1',
      content: '{"lines":12}',
    });
  });

  it('retries scripted failures, honours delays and fragments without index', async () => {
    const scenario: Scenario = {
      name: 'flaky',
      turns: [
        {
          failFirst: [
            {
              status: 503,
              headers: { 'retry-after': '0' },
              body: { error: { message: 'warming up' } },
            },
          ],
          firstByteDelayMs: 30,
          chunkDelayMs: 2,
          steps: [
            {
              toolCall: {
                id: 'c1',
                name: 'write',
                arguments: { text: 'héllo 🚀' },
                fragments: 5,
                omitIndexOnContinuation: true,
              },
            },
          ],
        },
      ],
    };
    server = await startModelServer({ scenario });
    const parts = await stream(settingsFor(server.baseUrl), [user]);
    expect(server.requests).toHaveLength(2);
    expect(parts.find((part) => part.type === 'tool-call')).toMatchObject({
      argumentsText: '{"text":"héllo 🚀"}',
      isArgumentsJson: true,
    });
  });

  it('streams mid-stream errors and HTTP errors as error parts', async () => {
    server = await startModelServer({
      scenarios: [
        {
          name: 'mid-error',
          turns: [{ steps: [{ text: 'Hi' }, { error: { message: 'context length exceeded' } }] }],
        },
        {
          name: 'http-error',
          turns: [{ http: { status: 404, body: { error: { message: 'model "x" not found' } } } }],
        },
      ],
    });
    const mid = await stream({ ...settingsFor(server.baseUrl), modelId: 'mid-error' }, [user]);
    expect(mid).toEqual([
      { type: 'text-delta', text: 'Hi' },
      expect.objectContaining({ type: 'error', code: 'PROVIDER_CONTEXT_TOO_LONG' }),
    ]);
    const http = await stream({ ...settingsFor(server.baseUrl), modelId: 'http-error' }, [user]);
    expect(http).toEqual([
      expect.objectContaining({ type: 'error', code: 'PROVIDER_UNKNOWN_MODEL' }),
    ]);
  });

  it('ends a hanging stream with the idle timeout, and a silent one with the first-byte timeout', async () => {
    server = await startModelServer({
      scenario: { name: 'hang', turns: [{ steps: [{ text: 'partial' }, { hang: true }] }] },
    });
    const hung = await stream(settingsFor(server.baseUrl), [user], { timeouts: { idleMs: 100 } });
    expect(hung.at(-1)).toMatchObject({ type: 'error', code: 'PROVIDER_TIMEOUT' });
    await server.setScenario({
      name: 'slow',
      turns: [{ firstByteDelayMs: 2_000, steps: [{ text: 'late' }] }],
    });
    const slow = await stream(settingsFor(server.baseUrl), [user], {
      timeouts: { firstByteMs: 100 },
    });
    expect(slow).toEqual([expect.objectContaining({ type: 'error', code: 'PROVIDER_TIMEOUT' })]);
  });

  it('cancels mid-stream without later parts', async () => {
    server = await startModelServer({
      scenario: {
        name: 'slow-text',
        turns: [{ chunkSize: 1, chunkDelayMs: 5, steps: [{ text: 'a long slow answer' }] }],
      },
    });
    const controller = new AbortController();
    const seen: string[] = [];
    const iterate = async () => {
      const adapter = getModelAdapter('openai-compatible');
      for await (const part of adapter.stream(
        { settings: settingsFor(server!.baseUrl), messages: [user], tools: [] },
        { signal: controller.signal, fetch },
      )) {
        if (part.type === 'text-delta') seen.push(part.text);
        if (seen.length === 3) controller.abort();
      }
    };
    await expect(iterate()).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(seen).toEqual(['a', ' ', 'l']);
  });

  it('answers test connection and list models, and 401 for a wrong key', async () => {
    server = await startModelServer({ scenario: 'basic-tool-loop', apiKey: 'sk-right' });
    const signal = new AbortController().signal;
    const good = await testConnection(settingsFor(server.baseUrl, 'sk-right'), { signal, fetch });
    expect(good).toMatchObject({ ok: true, data: { isModelListed: true, modelCount: 1 } });
    const bad = await testConnection(settingsFor(server.baseUrl, 'sk-wrong'), { signal, fetch });
    expect(bad).toMatchObject({ ok: false, code: 'PROVIDER_AUTH', status: 401 });
    const unreachable = await testConnection(settingsFor('http://127.0.0.1:9/v1', 'k'), {
      signal,
      fetch,
    });
    expect(unreachable).toMatchObject({ ok: false, code: 'PROVIDER_NETWORK' });
  });
});
