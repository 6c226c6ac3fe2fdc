import { describe, expect, it } from 'vitest';
import { createClient, createEmitter } from './client';
import { ProtocolFailure } from './envelope';
import { genericPageChannel } from './worker-to-page';
import { workerToPanel } from './worker-to-panel';

describe('typed client', () => {
  it('validates the payload before anything is sent', async () => {
    let sent = 0;
    const client = createClient(genericPageChannel, { send: async () => (sent += 1) });
    const result = await client.request('page/echo', { text: 'x'.repeat(1_048_577) });
    expect(result).toMatchObject({ ok: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(sent).toBe(0);
  });

  it('refuses malformed or mismatched responses', async () => {
    const replies: unknown[] = [
      undefined,
      { ok: true },
      { ok: true, data: { text: 1 } },
      { ok: false, error: { code: 'MADE_UP', message: 'x' } },
      { ok: true, data: { text: 'a' }, extra: 1 },
    ];
    for (const reply of replies) {
      const client = createClient(genericPageChannel, { send: async () => reply });
      expect(await client.request('page/echo', { text: 'a' })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_RESPONSE' },
      });
    }
  });

  it('passes structured page errors and transport failures through with their codes', async () => {
    const failing = createClient(genericPageChannel, {
      send: async () => {
        throw new ProtocolFailure('PAGE_REQUEST_TIMEOUT', 'slow');
      },
    });
    expect(await failing.request('page/ping', {})).toMatchObject({
      ok: false,
      error: { code: 'PAGE_REQUEST_TIMEOUT' },
    });
    const erroring = createClient(genericPageChannel, {
      send: async () => ({ ok: false, error: { code: 'PAGE_NO_EDITOR', message: 'none' } }),
    });
    expect(await erroring.request('page/ping', {})).toEqual({
      ok: false,
      error: { code: 'PAGE_NO_EDITOR', message: 'none' },
    });
  });

  it('builds envelopes with a fresh requestId and the runId when given', async () => {
    const seen: unknown[] = [];
    const client = createClient(genericPageChannel, {
      send: async (envelope) => (seen.push(envelope), { ok: true, data: { text: 'a' } }),
    });
    await client.request('page/echo', { text: 'a' });
    await client.request('page/echo', { text: 'a' });
    const [first, second] = seen as Array<{ requestId: string }>;
    expect(first?.requestId).not.toBe(second?.requestId);
  });

  it('emits only valid events', async () => {
    const emitted: unknown[] = [];
    const emitter = createEmitter(workerToPanel, {
      emit: (envelope) => void emitted.push(envelope),
    });
    expect(
      (
        await emitter.emit(
          'run/stream',
          { sequence: 0, parts: [{ channel: 'text', text: 'a' }] },
          { runId: 'r1' },
        )
      ).ok,
    ).toBe(true);
    expect(
      (await emitter.emit('run/stream', { sequence: -1, parts: [] }, { runId: 'r1' })).ok,
    ).toBe(false);
    expect(emitted).toEqual([
      {
        type: 'run/stream',
        runId: 'r1',
        payload: { sequence: 0, parts: [{ channel: 'text', text: 'a' }] },
      },
    ]);
  });
});
