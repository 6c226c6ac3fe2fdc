// A traced model call for bug-report tests: a key in the settings, the given text in.
import type { ModelAdapter, StreamPart } from '../../providers/model-adapter';
import { tracedAdapter, type TraceSink } from '../../agent/trace-sink';

export const SETTINGS_KEY = 'plainfakekey-0123456789-zyxw';

const answering = (parts: StreamPart[]): ModelAdapter => ({
  kind: 'openai-compatible',
  async *stream() {
    yield* parts;
  },
  listModels: async () => ({ ok: true, data: [] }),
});

/** One model call through `sink`, with a key in the settings and secrets in the text. */
export async function callModel(sink: TraceSink, text = 'hello', answer = 'fine') {
  const adapter = tracedAdapter(
    answering([
      { type: 'text-delta', text: answer },
      { type: 'finish', reason: 'stop' },
    ]),
    sink,
    'main-loop',
  );
  const request = {
    settings: {
      kind: 'openai-compatible' as const,
      baseUrl: 'http://x/v1',
      apiKey: SETTINGS_KEY,
      modelId: 'm',
    },
    messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text }] }],
    tools: [],
  };
  const signal = new AbortController().signal;
  for await (const part of adapter.stream(request, { signal, fetch: async () => new Response('') }))
    void part;
}
