import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRelay } from './relay';
import { PendingRequests } from './pending-requests';
import type { ToMainFrame } from '../../shared/protocol/page-bridge';
import { BRIDGE_SOURCE, MAIN_RUNTIME_VERSION } from '../../shared/protocol/page-bridge';

const NONCE = 'nonce-1';
const request = (requestId: string, type = 'page/echo', payload: unknown = { text: 'hi' }) => ({
  type,
  requestId,
  payload,
});

function setup(pending?: PendingRequests, options: { needsMain?: boolean } = {}) {
  const posted: ToMainFrame[] = [];
  const relay = createRelay({
    nonce: NONCE,
    documentId: 'doc-1',
    post: (frame) => (posted.push(frame), true),
    needsMain: options.needsMain ?? true,
    siteId: () => 'docs',
    ...(pending ? { pending } : {}),
  });
  const ready = (runtimeVersion = MAIN_RUNTIME_VERSION) =>
    relay.receive({ source: BRIDGE_SOURCE, nonce: NONCE, kind: 'ready', runtimeVersion });
  const answer = (requestId: string, response: unknown, nonce = NONCE) =>
    relay.receive({ source: BRIDGE_SOURCE, nonce, kind: 'response', requestId, response } as never);
  const handle = (raw: unknown, documentId?: string) =>
    relay.handle(
      { bridge: BRIDGE_SOURCE, envelope: raw, ...(documentId ? { documentId } : {}) },
      { sender: 'worker' },
    );
  return { relay, posted, ready, answer, handle };
}

describe('isolated relay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('queues requests until the MAIN runtime is ready, then forwards and answers', async () => {
    const { posted, ready, answer, handle } = setup();
    const result = handle(request('a'));
    await vi.advanceTimersByTimeAsync(0);
    expect(posted).toHaveLength(0);
    ready();
    expect(posted).toEqual([
      {
        source: BRIDGE_SOURCE,
        nonce: NONCE,
        kind: 'request',
        requestId: 'a',
        envelope: request('a'),
      },
    ]);
    answer('a', { ok: true, data: { text: 'hi' } });
    expect(await result).toEqual({ ok: true, data: { text: 'hi' } });
  });

  it('ignores frames with another nonce and responses nobody waits for', async () => {
    const { relay, ready, answer, handle } = setup();
    relay.receive({
      source: BRIDGE_SOURCE,
      nonce: 'other',
      kind: 'ready',
      runtimeVersion: MAIN_RUNTIME_VERSION,
    });
    expect(relay.stats.ready).toBe(false);
    ready();
    const result = handle(request('a'));
    await vi.advanceTimersByTimeAsync(0);
    answer('a', { ok: true, data: { text: 'spoof' } }, 'other');
    answer('zzz', { ok: true, data: { text: 'spoof' } });
    expect(relay.stats.ignoredFrames).toBe(2);
    expect(relay.stats.unknownResponses).toBe(1);
    answer('a', { ok: true, data: { text: 'real' } });
    expect(await result).toEqual({ ok: true, data: { text: 'real' } });
  });

  it('validates what the page answers', async () => {
    const { ready, answer, handle } = setup();
    ready();
    const wrongShape = handle(request('a'));
    await vi.advanceTimersByTimeAsync(0);
    answer('a', { ok: true, data: { text: 42 } });
    expect(await wrongShape).toMatchObject({ ok: false, error: { code: 'INVALID_RESPONSE' } });
    const pageError = handle(request('b'));
    await vi.advanceTimersByTimeAsync(0);
    answer('b', { ok: false, error: { code: 'PAGE_NO_EDITOR', message: 'no editor' } });
    expect(await pageError).toMatchObject({ ok: false, error: { code: 'PAGE_NO_EDITOR' } });
  });

  it('times out, bounds pending requests and refuses duplicate ids', async () => {
    const { ready, handle } = setup(new PendingRequests(2, 1_000));
    ready();
    const first = handle(request('a'));
    const duplicate = handle(request('a'));
    const second = handle(request('b'));
    const third = handle(request('c'));
    expect(await duplicate).toMatchObject({ error: { code: 'DUPLICATE_REQUEST_ID' } });
    expect(await third).toMatchObject({ error: { code: 'PAGE_PENDING_LIMIT' } });
    await vi.advanceTimersByTimeAsync(1_001);
    expect(await first).toMatchObject({ error: { code: 'PAGE_REQUEST_TIMEOUT' } });
    expect(await second).toMatchObject({ error: { code: 'PAGE_REQUEST_TIMEOUT' } });
  });

  it('cancels a pending request and refuses it if it arrives later', async () => {
    const { posted, ready, handle } = setup();
    const queued = handle(request('early'));
    await vi.advanceTimersByTimeAsync(0);
    expect(
      await handle({ type: 'page/cancel', requestId: 'c1', payload: { targetRequestId: 'early' } }),
    ).toEqual({ ok: true, data: { cancelled: true } });
    expect(await queued).toMatchObject({ error: { code: 'CANCELLED' } });
    ready();
    // A request cancelled before the handshake never reaches the page.
    expect(posted.filter((frame) => frame.kind === 'request')).toHaveLength(0);
    await handle({ type: 'page/cancel', requestId: 'c2', payload: { targetRequestId: 'late' } });
    expect(await handle(request('late'))).toMatchObject({ error: { code: 'CANCELLED' } });
  });

  it('rejects everything pending when the page unloads', async () => {
    const { relay, ready, handle } = setup();
    ready();
    const pending = handle(request('a'));
    await vi.advanceTimersByTimeAsync(0);
    relay.close();
    expect(await pending).toMatchObject({ error: { code: 'PAGE_UNLOADED' } });
    expect(await handle(request('b'))).toMatchObject({ error: { code: 'PAGE_UNLOADED' } });
  });

  it('refuses requests the channel does not declare before posting anything', async () => {
    const { posted, ready, handle } = setup();
    ready();
    expect(
      await handle({ type: 'page/apply-anything', requestId: 'x', payload: {} }),
    ).toMatchObject({ error: { code: 'UNKNOWN_MESSAGE_TYPE' } });
    expect(
      await handle({ type: 'page/echo', requestId: 'y', payload: { text: 'a', extra: 1 } }),
    ).toMatchObject({ error: { code: 'UNKNOWN_PAYLOAD_FIELD' } });
    expect(posted).toHaveLength(0);
  });

  it('refuses a request pinned to another document instance without posting it', async () => {
    const { posted, ready, answer, handle } = setup();
    ready();
    expect(await handle(request('a'), 'doc-old')).toMatchObject({
      ok: false,
      error: { code: 'PAGE_DOCUMENT_CHANGED' },
    });
    expect(posted).toHaveLength(0);
    const pinned = handle(request('b'), 'doc-1');
    await vi.advanceTimersByTimeAsync(0);
    answer('b', { ok: true, data: { text: 'hi' } });
    expect(await pinned).toEqual({ ok: true, data: { text: 'hi' } });
  });

  it('answers context and ping itself, with this document id', async () => {
    const { ready, handle } = setup();
    expect(await handle({ type: 'page/get-context', requestId: 'g', payload: {} })).toMatchObject({
      ok: true,
      data: { siteId: 'docs', documentId: 'doc-1' },
    });
    const ping = handle({ type: 'page/ping', requestId: 'p', payload: {} });
    await vi.advanceTimersByTimeAsync(0);
    ready();
    expect(await ping).toEqual({
      ok: true,
      data: { runtimeVersion: MAIN_RUNTIME_VERSION, handshakes: 1, documentId: 'doc-1' },
    });
  });

  it('never takes a runtime of another build as its partner', async () => {
    const { relay, posted, ready, handle } = setup();
    ready(MAIN_RUNTIME_VERSION - 1);
    ready(MAIN_RUNTIME_VERSION + 1);
    expect(relay.stats).toMatchObject({ ready: false, otherBuildRuntimes: 2 });
    void handle(request('a'));
    await vi.advanceTimersByTimeAsync(0);
    expect(posted).toHaveLength(0);
    ready();
    expect(relay.stats.ready).toBe(true);
    expect(posted.filter((frame) => frame.kind === 'request')).toHaveLength(1);
  });

  it('passes site methods through by name without knowing the site, and refuses malformed names', async () => {
    const { posted, ready, answer, handle } = setup();
    ready();
    const site = handle({ type: 'docs/outline', requestId: 's', payload: { depth: 2 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(posted.at(-1)).toMatchObject({ kind: 'request', envelope: { type: 'docs/outline' } });
    answer('s', { ok: true, data: { anything: ['the worker validates it'] } });
    expect(await site).toEqual({ ok: true, data: { anything: ['the worker validates it'] } });
    for (const [index, type] of ['Docs/outline', 'docs/outline/deep', 'docs/'].entries()) {
      expect(await handle({ type, requestId: `x-${index}`, payload: {} })).toMatchObject({
        error: { code: 'UNKNOWN_MESSAGE_TYPE' },
      });
    }
    const broken = handle({ type: 'docs/outline', requestId: 't', payload: {} });
    await vi.advanceTimersByTimeAsync(0);
    answer('t', { ok: 'yes' });
    expect(await broken).toMatchObject({ error: { code: 'INVALID_PAYLOAD_FIELD' } });
  });

  it('answers at once where the site runs without a MAIN runtime, and refuses runtime methods', async () => {
    const { posted, handle } = setup(undefined, { needsMain: false });
    expect(await handle({ type: 'page/ping', requestId: 'p', payload: {} })).toEqual({
      ok: true,
      data: { runtimeVersion: 0, handshakes: 0, documentId: 'doc-1' },
    });
    expect(await handle({ type: 'docs/outline', requestId: 's', payload: {} })).toMatchObject({
      error: { code: 'SITE_NOT_ACTIVE' },
    });
    expect(posted).toHaveLength(0);
  });

  it('answers what the replaced runtime held, and waits for the new handshake', async () => {
    const { relay, posted, ready, answer, handle } = setup();
    ready();
    const held = handle(request('a'));
    await vi.advanceTimersByTimeAsync(0);
    relay.runtimeReplaced();
    expect(await held).toMatchObject({ error: { code: 'PAGE_RUNTIME_REPLACED' } });
    const next = handle(request('b'));
    await vi.advanceTimersByTimeAsync(0);
    expect(posted.filter((frame) => frame.kind === 'request')).toHaveLength(1);
    ready();
    answer('b', { ok: true, data: { text: 'new runtime' } });
    expect(await next).toEqual({ ok: true, data: { text: 'new runtime' } });
  });
});
