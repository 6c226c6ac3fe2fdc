// Provider stream figures (issue 4): inline-think parsing of 400 KB of reasoning in
// 80,000 deltas (a quadratic parser takes seconds) and SSE decoding of a 2 MB stream
// delivered one byte per chunk. Prints `name: value unit`; never fails on time.
import { EventStreamDecoder } from '../src/worker/providers/sse/event-stream-decoder';
import { InlineThinkParser } from '../src/worker/providers/openai-compatible/inline-think-parser';
import { OpenAiCompatibleStreamInterpreter } from '../src/worker/providers/openai-compatible/openai-compatible-stream-interpreter';
import { DEFAULT_PROVIDER_LIMITS } from '../src/worker/providers/provider-limits';
import type { StreamPart } from '../src/worker/providers/model-adapter';

const RUNS = 7;

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function measure(run: () => void): number {
  run(); // Warm-up, so the figure is steady-state worker CPU rather than JIT time.
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return median(times);
}

// 400 KB of reasoning in 80,000 deltas of 5 characters, tags split across deltas.
const reasoningText = 'abcd '.repeat(80_000);
const thinkDeltas: string[] = ['<th', 'ink>'];
for (let offset = 0; offset < reasoningText.length; offset += 5)
  thinkDeltas.push(reasoningText.slice(offset, offset + 5));
thinkDeltas.push('</thi', 'nk>', 'Answer.');

let reasoningChars = 0;
const thinkMs = measure(() => {
  reasoningChars = 0;
  const parser = new InlineThinkParser({
    text: () => undefined,
    reasoning: (text) => (reasoningChars += text.length),
  });
  for (const delta of thinkDeltas) parser.push(delta);
  parser.end();
});
if (reasoningChars !== reasoningText.length)
  throw new Error(`think parser lost text: ${reasoningChars}`);
console.log(`inline-think 400 KB in 80,000 deltas: ${thinkMs.toFixed(1)} ms`);

// A 2 MB Chat Completions stream, decoded and interpreted at 1-byte chunks.
const event = (content: string) =>
  `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
let body = '';
while (body.length < 2 * 1024 * 1024) body += event('Typst tables use #table(columns: 2) — ✓ ');
body += `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`;
const bytes = new TextEncoder().encode(body);
const oneByteChunks = Array.from({ length: bytes.length }, (_, index) =>
  bytes.subarray(index, index + 1),
);

let events = 0;
const sseMs = measure(() => {
  events = 0;
  const decoder = new EventStreamDecoder(DEFAULT_PROVIDER_LIMITS.maxEventChars);
  for (const chunk of oneByteChunks) events += decoder.push(chunk).length;
  events += decoder.end().length;
});
console.log(`sse decode 2 MB at 1-byte chunks: ${sseMs.toFixed(1)} ms (${events} events)`);

const interpretMs = measure(() => {
  const decoder = new EventStreamDecoder(DEFAULT_PROVIDER_LIMITS.maxEventChars);
  const interpreter = new OpenAiCompatibleStreamInterpreter(DEFAULT_PROVIDER_LIMITS);
  const parts: StreamPart[] = [];
  for (const chunk of oneByteChunks) {
    for (const sse of decoder.push(chunk)) interpreter.onEvent(sse, parts);
    parts.length = 0;
  }
  interpreter.finish(decoder.isDone, parts);
});
console.log(`sse decode + interpret 2 MB at 1-byte chunks: ${interpretMs.toFixed(1)} ms`);
console.log(`sse bytes: ${bytes.length} bytes`);
