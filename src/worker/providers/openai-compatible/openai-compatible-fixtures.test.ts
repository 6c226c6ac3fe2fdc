import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  chunkedResponse,
  collectParts,
  joinAdjacentDeltas,
  joinDeltas,
  scriptedFetch,
} from '../__fixtures__/replay-fetch';
import type { ModelRequest, StreamPart } from '../model-adapter';
import { openAiCompatibleAdapter } from './openai-compatible-adapter';

const fixture = (name: string) =>
  readFileSync(new URL(`./__fixtures__/${name}.chunks.txt`, import.meta.url), 'utf8');

const request: ModelRequest = {
  settings: {
    kind: 'openai-compatible',
    baseUrl: 'http://127.0.0.1:9/v1/',
    apiKey: 'sk-test',
    modelId: 'm',
  },
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  tools: [],
};

async function replay(name: string, chunkSize: number): Promise<StreamPart[]> {
  const fetch = scriptedFetch(() => chunkedResponse(fixture(name), chunkSize));
  return collectParts(
    openAiCompatibleAdapter.stream(request, { signal: new AbortController().signal, fetch }),
  );
}

const CHUNK_SIZES = [1, 64, 4096];

describe('openAiCompatibleAdapter fixtures', () => {
  const cases: [string, (parts: StreamPart[]) => void][] = [
    [
      'openai-tool-calls',
      (parts) => {
        expect(joinDeltas(parts, 'text-delta')).toBe('Let me read the document — ünïcode ✓ 🚀.');
        expect(parts.filter((part) => part.type === 'tool-call')).toEqual([
          {
            type: 'tool-call',
            id: 'call_Qx1',
            name: 'read_document',
            argumentsText: '{"from_line": 1, "to_line": 40}',
            isArgumentsJson: true,
          },
          {
            type: 'tool-call',
            id: 'call_Qx2',
            name: 'get_diagnostics',
            argumentsText: '{}',
            isArgumentsJson: true,
          },
        ]);
        expect(parts.at(-2)).toEqual({
          type: 'usage',
          usage: { inputTokens: 812, outputTokens: 41, reasoningTokens: 0, cachedInputTokens: 512 },
        });
        expect(parts.at(-1)).toEqual({
          type: 'finish',
          reason: 'tool_calls',
          rawReason: 'tool_calls',
        });
      },
    ],
    [
      'deepseek-reasoning-content',
      (parts) => {
        expect(joinDeltas(parts, 'reasoning-delta')).toBe(
          'The user wants a summary. Keep it short.',
        );
        expect(joinDeltas(parts, 'text-delta')).toBe('Here is the summary.');
        expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'stop', rawReason: 'stop' });
      },
    ],
    [
      'openrouter-reasoning',
      (parts) => {
        expect(joinDeltas(parts, 'reasoning-delta')).toBe('Thinking about Typst tables.');
        expect(joinDeltas(parts, 'text-delta')).toBe('Use `#table` with `columns: 2`.');
        expect(parts.at(-2)).toMatchObject({ type: 'usage', usage: { reasoningTokens: 8 } });
      },
    ],
    [
      'ollama-tool-call',
      (parts) => {
        expect(joinDeltas(parts, 'reasoning-delta')).toBe('Okay, I should call the tool.');
        expect(parts.filter((part) => part.type === 'tool-call')).toHaveLength(1);
        expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'tool_calls', rawReason: 'stop' });
      },
    ],
    [
      'llamacpp-inline-think',
      (parts) => {
        expect(joinDeltas(parts, 'reasoning-delta')).toBe('Hmm, 2+2… is 4 <b>not</b> atag. ');
        expect(joinDeltas(parts, 'text-delta')).toBe(
          'The answer is **4**. A literal <thinker> stays text.',
        );
        // Reasoning streams before its closing tag arrives.
        const firstText = parts.findIndex((part) => part.type === 'text-delta');
        expect(
          parts.slice(0, firstText).filter((part) => part.type === 'reasoning-delta').length,
        ).toBeGreaterThan(2);
      },
    ],
  ];

  for (const [name, check] of cases) {
    it(`replays ${name} identically at 1, 64 and 4096-byte chunks`, async () => {
      const runs = await Promise.all(CHUNK_SIZES.map((size) => replay(name, size)));
      for (const parts of runs)
        expect(joinAdjacentDeltas(parts)).toEqual(joinAdjacentDeltas(runs[0] ?? []));
      check(runs[0] ?? []);
      expect(runs[0]?.filter((part) => part.type === 'error')).toEqual([]);
    });
  }
});
