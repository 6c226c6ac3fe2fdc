// Generated Chat Completions streams for the provider benchmarks: about 2 MB of SSE
// of one kind of delta each, ending with a finish chunk and `[DONE]`, plus the
// network stand-in that delivers them at a fixed read size.
import type { FetchLike, ModelRequest, StreamPart } from '../../src/worker/providers/model-adapter';

/** Stream shapes of the benchmark rows. */
export type StreamKind = 'text' | 'reasoning' | 'tool calls' | 'inline think' | 'mixed';

const TARGET_BYTES = 2 * 1024 * 1024;
const PROSE = 'Typst tables use #table(columns: 2) — ✓ ';
const ARGUMENT_PIECE = '{"search": "#let x = 1", "replace": "#let x = 2"}, ';

// The chunk shape of providers.bench.ts: about 130 bytes an event, 14,000 events per
// 2 MB, so per-event costs weigh as they do there.
function chunk(delta: Record<string, unknown>, finishReason: string | null = null): string {
  return `data: ${JSON.stringify({
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  })}\n\n`;
}

function toolFragment(call: number, piece: string, isFirst: boolean): string {
  const fragment: Record<string, unknown> = { index: call, function: { arguments: piece } };
  if (isFirst) {
    fragment['id'] = `call_${call}`;
    fragment['type'] = 'function';
    (fragment['function'] as Record<string, unknown>)['name'] = 'patch_document';
  }
  return chunk({ tool_calls: [fragment] });
}

// Eight calls of about 80 KB of arguments each stay under the 256 KiB per-call cap.
function toolCallEvents(budget: number): string[] {
  const events: string[] = [];
  const perCall = Math.floor(budget / 8);
  for (let call = 0; call < 8; call += 1) {
    let used = 0;
    events.push(toolFragment(call, '{"edits": [', true));
    while (used < perCall) {
      const event = toolFragment(call, ARGUMENT_PIECE, false);
      events.push(event);
      used += event.length;
    }
    events.push(toolFragment(call, '{}]}', false));
  }
  return events;
}

function fill(budget: number, make: (index: number) => string): string[] {
  const events: string[] = [];
  let used = 0;
  for (let index = 0; used < budget; index += 1) {
    const event = make(index);
    events.push(event);
    used += event.length;
  }
  return events;
}

/** About 2 MB of SSE of `kind`, finished and `[DONE]`-terminated. */
export function streamBody(kind: StreamKind): string {
  let events: string[];
  let finish = 'stop';
  switch (kind) {
    case 'text':
      events = fill(TARGET_BYTES, () => chunk({ content: PROSE }));
      break;
    case 'reasoning':
      events = fill(TARGET_BYTES, () => chunk({ reasoning_content: PROSE }));
      break;
    case 'tool calls':
      events = toolCallEvents(TARGET_BYTES);
      finish = 'tool_calls';
      break;
    case 'inline think':
      events = [
        chunk({ content: '<think>' }),
        ...fill(TARGET_BYTES / 2, () => chunk({ content: PROSE })),
        chunk({ content: '</think>\n\n' }),
        ...fill(TARGET_BYTES / 2, () => chunk({ content: PROSE })),
      ];
      break;
    case 'mixed':
      events = [
        ...fill(TARGET_BYTES / 3, (index) =>
          chunk(index % 2 === 0 ? { reasoning_content: PROSE } : { content: PROSE }),
        ),
        ...fill(TARGET_BYTES / 3, () => chunk({ content: PROSE })),
        ...toolCallEvents(TARGET_BYTES / 3),
      ];
      finish = 'tool_calls';
      break;
  }
  return `${events.join('')}${chunk({}, finish)}data: [DONE]\n\n`;
}

/**
 * A fetch whose every call answers with `bytes` delivered `readSize` bytes per read,
 * as a network read would. The chunk views are cut once, outside the timed runs.
 */
export function fixedReadFetch(bytes: Uint8Array, readSize: number): FetchLike {
  const chunks: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length; offset += readSize)
    chunks.push(bytes.subarray(offset, offset + readSize));
  return async () => {
    let next = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const piece = chunks[next];
        next += 1;
        if (piece === undefined) controller.close();
        else controller.enqueue(piece);
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
}

/** The request every benchmark stream answers. */
export const BENCH_REQUEST: ModelRequest = {
  settings: {
    kind: 'openai-compatible',
    baseUrl: 'http://127.0.0.1:9/v1',
    apiKey: '',
    modelId: 'bench-model',
  },
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  tools: [],
};

/** What a consumer saw: characters per channel and tool calls. */
export interface StreamTally {
  text: number;
  reasoning: number;
  toolCalls: number;
  parts: number;
  finish: string;
}

/** Drains `stream` the way the run loop does, one part at a time. */
export async function drain(stream: AsyncIterable<StreamPart>): Promise<StreamTally> {
  const tally: StreamTally = { text: 0, reasoning: 0, toolCalls: 0, parts: 0, finish: '' };
  for await (const part of stream) {
    tally.parts += 1;
    if (part.type === 'text-delta') tally.text += part.text.length;
    else if (part.type === 'reasoning-delta') tally.reasoning += part.text.length;
    else if (part.type === 'tool-call') tally.toolCalls += 1;
    else if (part.type === 'finish') tally.finish = part.reason;
    else if (part.type === 'error') tally.finish = `error ${part.code}`;
  }
  return tally;
}
