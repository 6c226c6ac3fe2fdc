import { describe, expect, it } from 'vitest';
import { MAX_STREAM_PARTS_PER_BATCH, MAX_STREAM_TEXT_PER_PART } from '../../shared/protocol/limits';
import { RunEventPayloads } from '../../shared/protocol/run-messages';
import { createStreamBatcher, type StreamBatch } from './stream-batcher';

function manual() {
  const batches: StreamBatch[] = [];
  let pending: (() => void) | null = null;
  const batcher = createStreamBatcher({
    send: (batch) => batches.push(structuredClone(batch)),
    setTimer: (callback) => ((pending = callback), 1),
    clearTimer: () => (pending = null),
  });
  return { batcher, batches, fire: () => pending?.() };
}

describe('stream batcher', () => {
  it('coalesces same-channel deltas, keeps channel order and numbers batches', () => {
    const { batcher, batches, fire } = manual();
    batcher.push('reasoning', 'a');
    batcher.push('reasoning', 'b');
    batcher.push('text', 'c');
    batcher.push('reasoning', 'd');
    fire();
    batcher.push('text', 'e');
    batcher.flush();
    expect(batches).toEqual([
      {
        sequence: 1,
        parts: [
          { channel: 'reasoning', text: 'ab' },
          { channel: 'text', text: 'c' },
          { channel: 'reasoning', text: 'd' },
        ],
      },
      { sequence: 2, parts: [{ channel: 'text', text: 'e' }] },
    ]);
  });

  it('never sends a batch the panel would reject: part count and part size are capped', () => {
    const { batcher, batches } = manual();
    for (let index = 0; index < 1_000; index += 1)
      batcher.push(index % 2 === 0 ? 'text' : 'reasoning', 'x');
    batcher.push('text', '😀'.repeat(100_000));
    batcher.flush();
    const schema = RunEventPayloads['run/stream'];
    for (const batch of batches) {
      expect(batch.parts.length).toBeLessThanOrEqual(MAX_STREAM_PARTS_PER_BATCH);
      expect(schema.safeParse(batch).success).toBe(true);
      for (const part of batch.parts) {
        expect(part.text.length).toBeLessThanOrEqual(MAX_STREAM_TEXT_PER_PART);
        // No part starts or ends inside a surrogate pair.
        expect(/^[\udc00-\udfff]|[\ud800-\udbff]$/.test(part.text)).toBe(false);
      }
    }
    const joined = batches
      .flatMap((batch) => batch.parts)
      .map((part) => part.text)
      .join('');
    expect(joined.length).toBe(1_000 + 200_000);
    expect(batches.map((batch) => batch.sequence)).toEqual(batches.map((_, index) => index + 1));
  });

  it('flushes within the delay with a real timer and drops everything after close', async () => {
    const batches: StreamBatch[] = [];
    const batcher = createStreamBatcher({ send: (batch) => batches.push(batch), delayMs: 5 });
    batcher.push('text', 'hi');
    expect(batches).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(batches).toHaveLength(1);
    batcher.push('text', 'late');
    batcher.close();
    batcher.push('text', 'later');
    batcher.flush();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(batches).toHaveLength(1);
  });
});
