import { describe, expect, it } from 'vitest';
import { ProtocolFailure, type Envelope } from '../shared/protocol/envelope';
import { createPageRequests, type PageTarget } from './page-requests';

function transports() {
  const sent: { target: PageTarget; type: string }[] = [];
  const factory = (target: PageTarget) => ({
    send: async (envelope: Envelope) => {
      sent.push({ target, type: envelope.type });
      return {
        ok: true,
        data: { siteId: null, url: 'https://news.example/', title: 'News', documentId: 'd' },
      };
    },
  });
  return { sent, factory };
}

describe('page requests behind the access gate', () => {
  it('sends nothing to a page the gate refuses, and answers with its refusal', async () => {
    const { sent, factory } = transports();
    const pages = createPageRequests(
      factory,
      async () =>
        new ProtocolFailure('PAGE_NOT_GRANTED', 'Side Agent is not allowed on news.example.'),
    );
    expect(await pages.request(3, 'page/get-context', {})).toEqual({
      ok: false,
      error: { code: 'PAGE_NOT_GRANTED', message: 'Side Agent is not allowed on news.example.' },
    });
    expect(sent).toEqual([]);
  });

  it('fails closed when the gate cannot answer, and never holds back a cancel', async () => {
    const { sent, factory } = transports();
    const pages = createPageRequests(factory, async () => {
      throw new Error('storage is gone');
    });
    expect(await pages.request({ tabId: 3, frameId: 2 }, 'page/get-context', {})).toMatchObject({
      ok: false,
      error: { code: 'PAGE_NOT_GRANTED' },
    });
    await pages.request(3, 'page/cancel', { targetRequestId: 'r1' });
    expect(sent).toEqual([{ target: { tabId: 3 }, type: 'page/cancel' }]);
  });

  it('sends to the frame the gate admits', async () => {
    const { sent, factory } = transports();
    const admitted: PageTarget[] = [];
    const pages = createPageRequests(factory, async (target) => {
      admitted.push(target);
      return null;
    });
    expect(await pages.request({ tabId: 3, frameId: 2 }, 'page/get-context', {})).toMatchObject({
      ok: true,
    });
    expect(admitted).toEqual([{ tabId: 3, frameId: 2 }]);
    expect(sent).toEqual([{ target: { tabId: 3, frameId: 2 }, type: 'page/get-context' }]);
  });
});
