// The agent core with the real OpenAI-compatible adapter against the scripted
// model server over real HTTP: a multi-round tool conversation end to end.
import { afterEach, describe, expect, it } from 'vitest';
import {
  startModelServer,
  type ModelServer,
} from '../../../test/support/model-server/model-server.mjs';
import type { AssistantTurn } from '../../shared/protocol/chat-records';
import { getModelAdapter } from '../providers/provider-registry';
import { createHarness, testTool } from './__fixtures__/agent-harness';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('agent core against the scripted model server', () => {
  it('runs basic-tool-loop: reasoning, text, a read_document call, its result, the answer', async () => {
    server = await startModelServer({ scenario: 'basic-tool-loop' });
    const readDocument = testTool('read_document', 'read', async () => ({ lines: 12 }));
    const h = await createHarness({
      turns: [],
      tools: [readDocument],
      extra: { adapterFor: getModelAdapter, fetch: (url, init) => fetch(url, init) },
    });
    await h.settings.saveModel({
      id: 'model-1',
      name: 'Scripted',
      kind: 'openai-compatible',
      baseUrl: server.baseUrl,
      modelId: 'scripted-model',
      supportsVision: false,
      reasoningEffort: 'default',
      contextWindow: 128_000,
      insecureOriginAcknowledged: null,
    });
    const { runId, sessionId } = await h.send('How many lines?');
    await h.agent.idle();
    expect(h.endOf(runId)?.status).toBe('done');
    const second = server.requests[1]?.body as {
      messages: { role: string; tool_call_id?: string; content?: string }[];
    };
    // The tool call has arguments {from_line, to_line}; the test tool accepts only `value`, so the model sees a structured error.
    const toolMessage = second.messages.find((message) => message.role === 'tool');
    expect(toolMessage?.tool_call_id).toBe('call_read_1');
    expect(JSON.parse(toolMessage?.content ?? '{}')).toMatchObject({
      ok: false,
      code: 'ARGUMENTS_INVALID',
    });
    expect(second.messages.filter((message) => message.role === 'system')).toHaveLength(1);
    const turn = (await h.chats.get(sessionId))?.turns.at(-1) as AssistantTurn;
    expect(turn.segments.map((segment) => segment.kind)).toEqual([
      'reasoning',
      'text',
      'tools',
      'reasoning',
      'text',
    ]);
    expect(turn.segments.at(-1)).toEqual({ kind: 'text', text: 'The document has **12 lines**.' });
  });
});
