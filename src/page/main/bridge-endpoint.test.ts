import { describe, expect, it } from 'vitest';
import { createBridgeEndpoint } from './bridge-endpoint';
import { createRequestRouter } from '../../shared/protocol/router';
import { genericPageChannel } from '../../shared/protocol/worker-to-page';
import {
  BRIDGE_SOURCE,
  MAIN_RUNTIME_VERSION,
  type ToIsolatedFrame,
} from '../../shared/protocol/page-bridge';

function setup() {
  const posted: ToIsolatedFrame[] = [];
  let release: (() => void) | null = null;
  let aborted = false;
  const router = createRequestRouter(genericPageChannel, {
    'page/get-context': (_payload, context) =>
      new Promise((resolve) => {
        context.signal.addEventListener('abort', () => (aborted = true));
        release = () => resolve({ siteId: 'web', url: '', title: '', documentId: 'doc-1' });
      }),
    'page/ping': () => ({ runtimeVersion: 1, handshakes: 0, documentId: 'doc-1' }),
    'page/cancel': () => ({ cancelled: false }),
    'page/echo': ({ text }) => ({ text }),
  });
  const endpoint = createBridgeEndpoint(router, (frame) => posted.push(frame));
  const init = (nonce: string) => endpoint.receive({ source: BRIDGE_SOURCE, nonce, kind: 'init' });
  const request = (
    nonce: string,
    requestId: string,
    type = 'page/echo',
    payload: unknown = { text: requestId },
  ) =>
    endpoint.receive({
      source: BRIDGE_SOURCE,
      nonce,
      kind: 'request',
      requestId,
      envelope: { type, requestId, payload },
    });
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    endpoint,
    posted,
    init,
    request,
    flush,
    release: () => release?.(),
    wasAborted: () => aborted,
  };
}

describe('MAIN bridge endpoint', () => {
  it('answers init with ready and serves requests of that nonce only', async () => {
    const { endpoint, posted, init, request, flush } = setup();
    request('stranger', 'r0');
    init('n1');
    request('n1', 'r1');
    await flush();
    expect(posted).toEqual([
      { source: BRIDGE_SOURCE, nonce: 'n1', kind: 'ready', runtimeVersion: MAIN_RUNTIME_VERSION },
      {
        source: BRIDGE_SOURCE,
        nonce: 'n1',
        kind: 'response',
        requestId: 'r1',
        response: { ok: true, data: { text: 'r1' } },
      },
    ]);
    expect(endpoint.refused()).toEqual({ UNKNOWN_NONCE: 1 });
  });

  it('refuses a replayed request id without answering it', async () => {
    const { endpoint, posted, init, request, flush } = setup();
    init('n1');
    request('n1', 'r1');
    request('n1', 'r1');
    await flush();
    expect(posted.filter((frame) => frame.kind === 'response')).toHaveLength(1);
    expect(endpoint.refused()['DUPLICATE_REQUEST_ID']).toBe(1);
  });

  it('remembers eight nonces, so a new relay handshakes without a reload and the oldest is dropped', async () => {
    const { endpoint, posted, init, request, flush } = setup();
    for (let index = 1; index <= 9; index += 1) init(`n${index}`);
    request('n1', 'old');
    request('n9', 'new');
    await flush();
    expect(posted.filter((frame) => frame.kind === 'response').map((frame) => frame.nonce)).toEqual(
      ['n9'],
    );
    expect(endpoint.handshakes()).toBe(9);
  });

  it('aborts an in-flight handler on cancel and never answers it', async () => {
    const { endpoint, posted, init, request, flush, release, wasAborted } = setup();
    init('n1');
    request('n1', 'slow', 'page/get-context', {});
    await flush();
    endpoint.receive({
      source: BRIDGE_SOURCE,
      nonce: 'n1',
      kind: 'cancel',
      targetRequestId: 'slow',
    });
    release();
    await flush();
    expect(wasAborted()).toBe(true);
    expect(posted.filter((frame) => frame.kind === 'response')).toHaveLength(0);
    request('n1', 'slow');
    expect(endpoint.refused()['DUPLICATE_REQUEST_ID']).toBe(1);
  });
});
