import { describe, expect, it } from 'vitest';
import { EventStreamDecoder } from './event-stream-decoder';

function decodeAll(body: string, chunkSize: number, maxEventChars = 1024) {
  const bytes = new TextEncoder().encode(body);
  const decoder = new EventStreamDecoder(maxEventChars);
  const events = [];
  for (let offset = 0; offset < bytes.length; offset += chunkSize)
    events.push(...decoder.push(bytes.slice(offset, offset + chunkSize)));
  events.push(...decoder.end());
  return { events, isDone: decoder.isDone };
}

describe('EventStreamDecoder', () => {
  const body =
    ': hi\r\nevent: a\r\ndata: ü1\r\ndata: 🚀2\r\n\r\ndata: three\rdata: x\r\rid: 1\nretry: x\nfoo: bar\ndata: last';
  it('decodes CR, LF, CRLF, multi-line data and UTF-8 at every chunk size', () => {
    for (const size of [1, 2, 3, 5, 64, 4096]) {
      expect(decodeAll(body, size).events).toEqual([
        { event: 'a', data: 'ü1\n🚀2' },
        { event: undefined, data: 'three\nx' },
        { event: undefined, data: 'last' },
      ]);
    }
  });

  it('stops at [DONE] and ignores what follows', () => {
    expect(decodeAll('data: 1\n\ndata: [DONE]\n\ndata: 2\n\n', 1)).toEqual({
      events: [{ event: undefined, data: '1' }],
      isDone: true,
    });
  });

  it('refuses a line longer than the cap, with or without a line break', () => {
    expect(() => decodeAll(`data: ${'x'.repeat(2000)}`, 100)).toThrow(
      expect.objectContaining({ code: 'PROVIDER_STREAM_TOO_LARGE' }),
    );
    expect(() => decodeAll(`data: ${'x'.repeat(2000)}\n\n`, 5000)).toThrow(
      expect.objectContaining({ code: 'PROVIDER_STREAM_TOO_LARGE' }),
    );
    expect(() => decodeAll(`${'data: xxxxxxxxxx\n'.repeat(200)}\n`, 7)).toThrow(
      expect.objectContaining({ code: 'PROVIDER_STREAM_TOO_LARGE' }),
    );
  });
});
