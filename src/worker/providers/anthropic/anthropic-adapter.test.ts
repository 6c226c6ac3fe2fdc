import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  chunkedResponse,
  collectParts,
  joinAdjacentDeltas,
  scriptedFetch,
} from '../__fixtures__/replay-fetch';
import type { ModelRequest } from '../model-adapter';
import { anthropicAdapter, anthropicUrl, buildAnthropicRequest } from './anthropic-adapter';

const fixture = readFileSync(
  new URL('./__fixtures__/anthropic-thinking-tool-use.chunks.txt', import.meta.url),
  'utf8',
);

const request: ModelRequest = {
  settings: {
    kind: 'anthropic',
    baseUrl: 'https://api.anthropic.com',
    apiKey: 'sk-ant',
    modelId: 'claude-sonnet-4-5',
    reasoningEffort: 'low',
  },
  messages: [
    { role: 'system', text: 'Be brief.' },
    { role: 'user', content: [{ type: 'text', text: 'Count lines.' }] },
    {
      role: 'assistant',
      text: '',
      reasoning: { text: 'I will read.', signature: 'sig' },
      toolCalls: [{ id: 'toolu_0', name: 'read_document', argumentsText: '{"from_line":1}' }],
    },
    { role: 'tool', callId: 'toolu_0', toolName: 'read_document', content: '{"text":"a"}' },
    { role: 'system', text: 'The document changed.' },
  ],
  tools: [{ name: 'read_document', description: 'Reads.', inputSchema: { type: 'object' } }],
};

describe('anthropicAdapter', () => {
  it('replays the thinking + tool_use fixture identically at 1, 64 and 4096-byte chunks', async () => {
    const runs = await Promise.all(
      [1, 64, 4096].map((size) =>
        collectParts(
          anthropicAdapter.stream(request, {
            signal: new AbortController().signal,
            fetch: scriptedFetch(() => chunkedResponse(fixture, size)),
          }),
        ),
      ),
    );
    for (const parts of runs)
      expect(joinAdjacentDeltas(parts)).toEqual(joinAdjacentDeltas(runs[0] ?? []));
    // At one byte per read every delta arrives on its own.
    expect(runs[0]).toEqual([
      { type: 'reasoning-delta', text: 'The user wants line ' },
      { type: 'reasoning-delta', text: "counts. I'll read the document." },
      { type: 'reasoning-signature', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3h' },
      { type: 'text-delta', text: 'Reading the ' },
      { type: 'text-delta', text: 'document — ✓ 📄.' },
      {
        type: 'tool-call',
        id: 'toolu_01A',
        name: 'read_document',
        argumentsText: '{"from_line": 1, "to_line": 12}',
        isArgumentsJson: true,
      },
      { type: 'usage', usage: { inputTokens: 1496, cachedInputTokens: 1024, outputTokens: 89 } },
      { type: 'finish', reason: 'tool_calls', rawReason: 'tool_use' },
    ]);
  });

  it('sends a temperature only without thinking, which needs the default', () => {
    const { reasoningEffort: _effort, ...plain } = request.settings;
    const cool = buildAnthropicRequest({ ...request, settings: { ...plain, temperature: 0 } });
    expect(cool.body).toMatchObject({ temperature: 0 });
    const thinking = buildAnthropicRequest({
      ...request,
      settings: { ...request.settings, temperature: 0 },
    });
    expect(thinking.body).not.toHaveProperty('temperature');
    expect(buildAnthropicRequest(request).body).not.toHaveProperty('temperature');
  });

  it('builds the request with headers, thinking, tool_use/tool_result and no mid-conversation system role', () => {
    const built = buildAnthropicRequest(request);
    expect(built.url).toBe('https://api.anthropic.com/v1/messages');
    expect(built.headers).toMatchObject({
      'x-api-key': 'sk-ant',
      'anthropic-version': '2023-06-01',
      'anthropic-dangerous-direct-browser-access': 'true',
    });
    const body = built.body as Record<string, unknown>;
    expect(body).toMatchObject({
      system: 'Be brief.',
      stream: true,
      thinking: { type: 'enabled', budget_tokens: 4096 },
      max_tokens: 8192 + 4096,
    });
    expect(body['messages']).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Count lines.' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'I will read.', signature: 'sig' },
          { type: 'tool_use', id: 'toolu_0', name: 'read_document', input: { from_line: 1 } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_0', content: '{"text":"a"}' },
          { type: 'text', text: '[System note]\nThe document changed.' },
        ],
      },
    ]);
    expect(body['tools']).toEqual([
      { name: 'read_document', description: 'Reads.', input_schema: { type: 'object' } },
    ]);
  });

  it('does not double /v1 when the base URL already ends with it', () => {
    expect(anthropicUrl('https://proxy.example/v1/', 'messages')).toBe(
      'https://proxy.example/v1/messages',
    );
  });

  it('turns an error event before output into a retried attempt, then an overloaded error part', async () => {
    const overloaded =
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n';
    const fetch = scriptedFetch(() => chunkedResponse(overloaded, 64));
    const parts = await collectParts(
      anthropicAdapter.stream(request, {
        signal: new AbortController().signal,
        fetch,
        retry: { sleep: async () => undefined },
      }),
    );
    expect(fetch.calls).toHaveLength(3);
    expect(parts).toEqual([
      expect.objectContaining({ type: 'error', code: 'PROVIDER_OVERLOADED' }),
    ]);
  });

  it('lists models from GET /v1/models with display names', async () => {
    const fetch = scriptedFetch(() =>
      Response.json({ data: [{ id: 'claude-sonnet-4-5', display_name: 'Claude Sonnet 4.5' }] }),
    );
    const result = await anthropicAdapter.listModels(request.settings, {
      signal: new AbortController().signal,
      fetch,
    });
    expect(fetch.calls[0]?.url).toBe('https://api.anthropic.com/v1/models?limit=1000');
    expect(result).toEqual({
      ok: true,
      data: [{ id: 'claude-sonnet-4-5', displayName: 'Claude Sonnet 4.5' }],
    });
  });
});
