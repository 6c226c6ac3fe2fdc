// Provider stream figures through the whole OpenAI-compatible adapter: fetch, body
// reads, SSE decoding, chunk checks, the stream interpreter, retry wrapper and the
// consumer pulling one part at a time. About 2 MB of SSE per run, delivered at 4 KiB
// reads (a normal network read), 64-byte reads and 1-byte reads (a slow or proxied
// connection), for text, reasoning, tool-call, inline-think and mixed streams.
// Prints median, p90 and allocated heap per row; never fails on time.
import { anthropicAdapter } from '../src/worker/providers/anthropic/anthropic-adapter';
import type { StreamPart } from '../src/worker/providers/model-adapter';
import { openAiCompatibleAdapter } from '../src/worker/providers/openai-compatible/openai-compatible-adapter';
import { closeMeasure, measure, report } from './support/measure';
import {
  BENCH_REQUEST,
  drain,
  fixedReadFetch,
  streamBody,
  type StreamKind,
  type StreamTally,
} from './support/provider-streams';

const KINDS: StreamKind[] = ['text', 'reasoning', 'tool calls', 'inline think', 'mixed'];
const READS: [number, string][] = [
  [4096, '4 KiB'],
  [64, '64 B'],
  [1, '1 B'],
];

function openAiRun(bytes: Uint8Array, readSize: number): () => Promise<StreamTally> {
  const fetch = fixedReadFetch(bytes, readSize);
  return () =>
    drain(
      openAiCompatibleAdapter.stream(BENCH_REQUEST, {
        signal: new AbortController().signal,
        fetch,
      }),
    );
}

function describeTally(tally: StreamTally): string {
  return `${tally.parts} parts, ${tally.text} text + ${tally.reasoning} reasoning chars, ${tally.toolCalls} tool calls, ${tally.finish}`;
}

for (const kind of KINDS) {
  const bytes = new TextEncoder().encode(streamBody(kind));
  console.log(`sse ${kind} stream size: ${bytes.length} bytes`);
  for (const [readSize, label] of READS) {
    const run = openAiRun(bytes, readSize);
    const tally = await run();
    if (tally.finish.startsWith('error')) throw new Error(`${kind}: ${describeTally(tally)}`);
    console.log(`sse ${kind} ${label} reads consumer saw: ${describeTally(tally)} (info)`);
    const counts = readSize === 1 ? { warmup: 1, runs: 3 } : { warmup: 2, runs: 9 };
    report(`sse ${kind} 2 MB at ${label} reads`, await measure(run, counts));
  }
}

// The Messages API dialect of the same 2 MB of text, for the Anthropic interpreter.
function anthropicEvent(type: string, payload: Record<string, unknown>): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...payload })}\n\n`;
}
const anthropicEvents = [
  anthropicEvent('message_start', { message: { id: 'msg', usage: { input_tokens: 10 } } }),
  anthropicEvent('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
];
let anthropicSize = 0;
while (anthropicSize < 2 * 1024 * 1024) {
  const event = anthropicEvent('content_block_delta', {
    index: 0,
    delta: { type: 'text_delta', text: 'Typst tables use #table(columns: 2) — ✓ ' },
  });
  anthropicEvents.push(event);
  anthropicSize += event.length;
}
anthropicEvents.push(
  anthropicEvent('content_block_stop', { index: 0 }),
  anthropicEvent('message_delta', {
    delta: { stop_reason: 'end_turn' },
    usage: { output_tokens: 5 },
  }),
  anthropicEvent('message_stop', {}),
);
const anthropicBytes = new TextEncoder().encode(anthropicEvents.join(''));
for (const [readSize, label] of READS.slice(0, 2)) {
  const fetch = fixedReadFetch(anthropicBytes, readSize);
  const run = () =>
    drain(
      anthropicAdapter.stream(
        {
          ...BENCH_REQUEST,
          settings: { ...BENCH_REQUEST.settings, kind: 'anthropic', apiKey: 'key' },
        },
        { signal: new AbortController().signal, fetch },
      ) as AsyncIterable<StreamPart>,
    );
  const tally = await run();
  if (tally.finish.startsWith('error')) throw new Error(`anthropic: ${describeTally(tally)}`);
  report(`sse anthropic text 2 MB at ${label} reads`, await measure(run, { warmup: 2, runs: 9 }));
}

// Bad input at 4 KiB reads, each refused with a code or routed part by part: a 5 MB
// single line, a 2 MB stream cut in the middle of its last line, and 2 MB of deltas
// alternating reasoning and content every character.
const deltaChunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
  `data: ${JSON.stringify({
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  })}\n\n`;
const text = streamBody('text');
const alternating: string[] = [];
for (let index = 0, size = 0; size < 2 * 1024 * 1024; index += 1) {
  const event = deltaChunk(index % 2 === 0 ? { reasoning_content: 'r' } : { content: 'c' });
  alternating.push(event);
  size += event.length;
}
alternating.push(deltaChunk({}, 'stop'), 'data: [DONE]\n\n');
const badInputs: [string, string][] = [
  ['a 5 MB single line', `data: {"x":"${'a'.repeat(5 * 1024 * 1024)}"}\n\n`],
  ['2 MB cut mid-line', text.slice(0, text.lastIndexOf('data: {') + 24)],
  ['2 MB alternating reasoning and content every character', alternating.join('')],
];
for (const [name, body] of badInputs) {
  const run = openAiRun(new TextEncoder().encode(body), 4096);
  console.log(`sse bad input, ${name}: ${describeTally(await run())} (info)`);
  report(`sse bad input, ${name}, 4 KiB reads`, await measure(run, { warmup: 2, runs: 9 }));
}
closeMeasure();
