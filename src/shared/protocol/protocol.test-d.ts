import { describe, expectTypeOf, it } from 'vitest';
import { defineHandlers, type ParsedRequestOf, type ResponseOf } from './define-channel';
import type { Result } from './envelope';
import type { panelToWorker } from './panel-to-worker';
import { genericPageChannel } from './worker-to-page';
import { createClient } from './client';

describe('protocol types', () => {
  it('infers request and response types from the channel schemas', () => {
    expectTypeOf<ParsedRequestOf<typeof panelToWorker, 'page/get-context'>>().toEqualTypeOf<{
      tabId: number;
    }>();
    expectTypeOf<ResponseOf<typeof genericPageChannel, 'page/echo'>>().toEqualTypeOf<{
      text: string;
    }>();
  });

  it('requires exactly one handler per method', () => {
    // @ts-expect-error 'page/echo' and the other methods are missing.
    defineHandlers(genericPageChannel, {
      'page/ping': () => ({ runtimeVersion: 1, handshakes: 0, documentId: 'doc-1' }),
    });
    defineHandlers(genericPageChannel, {
      'page/ping': () => ({ runtimeVersion: 1, handshakes: 0, documentId: 'doc-1' }),
      'page/get-context': () => ({
        siteId: 'web',
        url: '',
        title: '',
        documentId: 'doc-1',
      }),
      'page/cancel': () => ({ cancelled: false }),
      'page/echo': (payload) => ({ text: payload.text }),
      // @ts-expect-error an extra method is refused.
      'page/unknown': () => ({}),
    });
  });

  it('types client calls by method', () => {
    const client = createClient(genericPageChannel, {
      send: async () => ({ ok: true, data: { text: '' } }),
    });
    // @ts-expect-error unknown method name.
    void client.request('page/nope', {});
    // @ts-expect-error wrong payload field type.
    void client.request('page/echo', { text: 1 });
    expectTypeOf(client.request('page/echo', { text: 'x' })).resolves.toEqualTypeOf<
      Result<{ text: string }>
    >();
  });
});
