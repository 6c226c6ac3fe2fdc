import { describe, expect, it } from 'vitest';
import { CUT_OFF_METHOD, takeProgress, type ProgressParams } from './mcp-sse-progress';

const encoder = new TextEncoder();

/** `text` as a body delivered in reads of `size` bytes. */
function body(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = encoder.encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + size));
      offset += size;
    },
  });
}

async function read(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

const progress = (token: unknown, step: number, newline = '\n') =>
  `event: message${newline}data: ${JSON.stringify({
    jsonrpc: '2.0',
    method: 'notifications/progress',
    params: { progressToken: token, progress: step },
  })}${newline}${newline}`;
const answer = (newline = '\n') =>
  `event: message${newline}data: {"jsonrpc":"2.0","id":1,"result":{}}${newline}${newline}`;
const cutOff = `event: message\ndata: {"jsonrpc":"2.0","method":"${CUT_OFF_METHOD}"}\n\n`;

describe('takeProgress', () => {
  it.each([1, 3, 64, 4096])(
    'takes progress out and keeps the rest in order at %i-byte reads',
    async (size) => {
      const seen: ProgressParams[] = [];
      const text = progress('t', 1) + answer() + progress('t', 2, '\r\n') + answer('\r\n');
      const kept = await read(takeProgress(body(text, size), (update) => void seen.push(update)));
      expect(seen.map((update) => update.progress)).toEqual([1, 2]);
      expect(kept).toBe(answer() + answer());
    },
  );

  it('passes progress through when nobody asked for it', async () => {
    const text = progress('t', 1) + answer();
    expect(await read(takeProgress(body(text, 5), undefined))).toBe(text);
  });

  it('keeps a 2 MiB single-line event whole at 64-byte reads', async () => {
    const line = `event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{"text":"${'x'.repeat(2 * 1024 * 1024)}"}}\n\n`;
    expect(await read(takeProgress(body(line, 64), () => undefined))).toBe(line);
  });

  it.each([1, 7, 4096])(
    'stands in for an event cut off mid-line at %i-byte reads',
    async (size) => {
      const text = answer() + 'event: message\ndata: {"jsonrpc":"2.0","id":';
      expect(await read(takeProgress(body(text, size), () => undefined))).toBe(answer() + cutOff);
    },
  );

  it('leaves a cut-off stream with numbered events to the SDK, and a clean end alone', async () => {
    const numbered = `id: 7\n${answer()}event: message\ndata: {"jso`;
    expect(await read(takeProgress(body(numbered, 9), undefined))).toBe(numbered);
    const clean = `${answer()}\n`;
    expect(await read(takeProgress(body(clean, 2), undefined))).toBe(clean);
  });
});
