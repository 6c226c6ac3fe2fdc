import { describe, expect, it } from 'vitest';
import {
  chunkedResponse,
  collectParts,
  hangingResponse,
  scriptedFetch,
} from '../__fixtures__/replay-fetch';
import { deltaEvent, finishEvents, toolEvent } from '../__fixtures__/sse-builders';
import type { FetchLike, ModelRequest, StreamOptions, StreamPart } from '../model-adapter';
import { openAiCompatibleAdapter } from './openai-compatible-adapter';

const request: ModelRequest = {
  settings: {
    kind: 'openai-compatible',
    baseUrl: 'http://localhost:1234/v1',
    apiKey: '',
    modelId: 'm',
  },
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  tools: [],
};

function run(
  body: string,
  options: Partial<StreamOptions> = {},
  chunkSize = 64,
): Promise<StreamPart[]> {
  const fetch = scriptedFetch(() => chunkedResponse(body, chunkSize));
  return collectParts(
    openAiCompatibleAdapter.stream(request, {
      signal: new AbortController().signal,
      fetch,
      ...options,
    }),
  );
}

const errorOf = (parts: StreamPart[]) => {
  const last = parts.at(-1);
  return last?.type === 'error' ? last.code : undefined;
};

describe('openAiCompatibleAdapter with hostile streams', () => {
  it('ends with PROVIDER_MALFORMED_STREAM on a malformed JSON line, keeping earlier text', async () => {
    const parts = await run(
      `${deltaEvent({ content: 'ok' })}data: {"choices": [\n\n${finishEvents()}`,
    );
    expect(parts[0]).toEqual({ type: 'text-delta', text: 'ok' });
    expect(errorOf(parts)).toBe('PROVIDER_MALFORMED_STREAM');
  });

  it('refuses a 10 MB line quickly instead of buffering it', async () => {
    const started = Date.now();
    const parts = await run(`data: {"x":"${'a'.repeat(10 * 1024 * 1024)}"}\n\n`, {}, 64 * 1024);
    expect(errorOf(parts)).toBe('PROVIDER_STREAM_TOO_LARGE');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('caps the whole stream size', async () => {
    const body = deltaEvent({ content: 'x'.repeat(1000) }).repeat(200);
    const parts = await run(body, { limits: { maxStreamBytes: 50_000 } }, 4096);
    expect(errorOf(parts)).toBe('PROVIDER_STREAM_TOO_LARGE');
  });

  it('ends a stream that never finishes with PROVIDER_TIMEOUT after the idle timeout', async () => {
    const fetch = scriptedFetch(() => hangingResponse(deltaEvent({ content: 'partial' })));
    const parts = await collectParts(
      openAiCompatibleAdapter.stream(request, {
        signal: new AbortController().signal,
        fetch,
        timeouts: { idleMs: 50 },
      }),
    );
    expect(parts[0]).toEqual({ type: 'text-delta', text: 'partial' });
    expect(parts.at(-1)).toMatchObject({
      type: 'error',
      code: 'PROVIDER_TIMEOUT',
      details: { phase: 'idle' },
    });
  });

  it('ends with PROVIDER_TIMEOUT when no first byte arrives, even if fetch ignores its signal', async () => {
    const fetch: FetchLike = () => new Promise<Response>(() => undefined);
    const parts = await collectParts(
      openAiCompatibleAdapter.stream(request, {
        signal: new AbortController().signal,
        fetch,
        timeouts: { firstByteMs: 30 },
      }),
    );
    expect(parts).toEqual([
      expect.objectContaining({
        type: 'error',
        code: 'PROVIDER_TIMEOUT',
        details: expect.objectContaining({ phase: 'first-byte' }),
      }),
    ]);
  });

  it('turns a mid-stream error object into an error part without retrying after output', async () => {
    const fetch = scriptedFetch(() =>
      chunkedResponse(
        `${deltaEvent({ content: 'Hel' })}data: {"error":{"message":"Upstream provider crashed","code":502}}\n\n`,
        64,
      ),
    );
    const parts = await collectParts(
      openAiCompatibleAdapter.stream(request, { signal: new AbortController().signal, fetch }),
    );
    expect(fetch.calls).toHaveLength(1);
    expect(parts).toEqual([
      { type: 'text-delta', text: 'Hel' },
      expect.objectContaining({
        type: 'error',
        code: 'PROVIDER_STREAM_ERROR',
        message: 'Stream error: Upstream provider crashed',
      }),
    ]);
  });

  it('surfaces an empty answer cut by finish_reason length', async () => {
    expect(await run(finishEvents('length'))).toEqual([
      { type: 'finish', reason: 'length', rawReason: 'length' },
    ]);
  });

  it('surfaces content_filter', async () => {
    const parts = await run(`${deltaEvent({ content: 'I ' })}${finishEvents('content_filter')}`);
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      reason: 'content_filter',
      rawReason: 'content_filter',
    });
  });

  it('refuses duplicate tool-call ids', async () => {
    const body =
      toolEvent({ index: 0, id: 'call_1', function: { name: 'a', arguments: '{}' } }) +
      toolEvent({ index: 1, id: 'call_1', function: { name: 'b', arguments: '{}' } }) +
      finishEvents('tool_calls');
    expect(errorOf(await run(body))).toBe('PROVIDER_DUPLICATE_TOOL_CALL_ID');
  });

  it('refuses tool-call arguments over 256 KiB', async () => {
    const piece = 'x'.repeat(64 * 1024);
    let body = toolEvent({ index: 0, id: 'call_1', function: { name: 'write', arguments: '"' } });
    for (let index = 0; index < 5; index += 1)
      body += toolEvent({ index: 0, function: { arguments: piece } });
    expect(errorOf(await run(body + finishEvents('tool_calls'), {}, 4096))).toBe(
      'PROVIDER_ARGUMENTS_TOO_LARGE',
    );
  });

  it('passes invalid JSON arguments through raw but marks them', async () => {
    const body =
      toolEvent({
        index: 0,
        id: 'call_1',
        function: { name: 'write', arguments: '{"text": "unclosed' },
      }) + finishEvents('tool_calls');
    expect((await run(body)).find((part) => part.type === 'tool-call')).toEqual({
      type: 'tool-call',
      id: 'call_1',
      name: 'write',
      argumentsText: '{"text": "unclosed',
      isArgumentsJson: false,
    });
  });

  it('continues the last call when continuation fragments omit index', async () => {
    const body =
      toolEvent({
        index: 0,
        id: 'call_1',
        type: 'function',
        function: { name: 'read_document', arguments: '{"from' },
      }) +
      toolEvent({ function: { arguments: '_line":' } }) +
      toolEvent({ function: { arguments: '3}' } }) +
      toolEvent({ id: 'call_2', function: { name: 'get_diagnostics', arguments: '' } }) +
      finishEvents('tool_calls');
    expect((await run(body)).filter((part) => part.type === 'tool-call')).toEqual([
      {
        type: 'tool-call',
        id: 'call_1',
        name: 'read_document',
        argumentsText: '{"from_line":3}',
        isArgumentsJson: true,
      },
      {
        type: 'tool-call',
        id: 'call_2',
        name: 'get_diagnostics',
        argumentsText: '{}',
        isArgumentsJson: true,
      },
    ]);
  });

  it('refuses more than 64 tool calls in one round', async () => {
    let body = '';
    for (let index = 0; index < 65; index += 1)
      body += toolEvent({ index, id: `call_${index}`, function: { name: 't', arguments: '{}' } });
    expect(errorOf(await run(body + finishEvents('tool_calls'), {}, 4096))).toBe(
      'PROVIDER_TOO_MANY_TOOL_CALLS',
    );
  });

  it('refuses a tool call without an id or with an invalid name', async () => {
    expect(
      errorOf(
        await run(
          toolEvent({ index: 0, function: { name: 't', arguments: '{}' } }) +
            finishEvents('tool_calls'),
        ),
      ),
    ).toBe('PROVIDER_INVALID_TOOL_CALL');
    expect(
      errorOf(
        await run(
          toolEvent({ index: 0, id: 'c', function: { name: 'rm -rf', arguments: '{}' } }) +
            finishEvents('tool_calls'),
        ),
      ),
    ).toBe('PROVIDER_INVALID_TOOL_CALL');
  });

  it('reports a stream cut before finish_reason and [DONE]', async () => {
    expect(errorOf(await run(deltaEvent({ content: 'half an ans' })))).toBe(
      'PROVIDER_MALFORMED_STREAM',
    );
  });

  it('decodes multi-line data, lone CR line ends and comments', async () => {
    const chunk = JSON.stringify(
      { choices: [{ index: 0, delta: { content: 'multi' }, finish_reason: null }] },
      null,
      1,
    ).split('\n');
    const body = `: comment\r${chunk.map((line) => `data: ${line}`).join('\r')}\r\r${finishEvents().replace(/\n/g, '\r')}`;
    expect(await run(body, {}, 1)).toEqual([
      { type: 'text-delta', text: 'multi' },
      { type: 'finish', reason: 'stop', rawReason: 'stop' },
    ]);
  });
});
