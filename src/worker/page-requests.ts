// ## Owns
// Typed requests from the worker to a page (isolated relay -> page runtime), to a
// tab's top frame or one of its frames, optionally pinned to one document instance.
// Every response is validated against the composed page channel by the client; a
// cancelled request also cancels on the page side, so no late work runs there.
// Before anything is sent, the access gate asks whether the bridge may run in the
// target frame at all: a relay left on a page whose site was revoked, or one a page
// forged, never gets a request the person has not allowed.
import {
  createClient,
  type RequestOptions,
  type RequestTransport,
} from '../shared/protocol/client';
import type { MethodName, RequestOf, ResponseOf } from '../shared/protocol/define-channel';
import { ProtocolFailure, type Result } from '../shared/protocol/envelope';
import { pageChannel, type PageChannel } from '../sites/page-channel';

/** Where a page request goes. */
export interface PageTarget {
  readonly tabId: number;
  /** The frame; the top frame (0) when absent. */
  readonly frameId?: number;
  /**
   * The document instance the request must reach. A relay of any other document (the
   * tab navigated, reloaded or came back from the back/forward cache) refuses it with
   * PAGE_DOCUMENT_CHANGED instead of running it.
   */
  readonly documentId?: string;
}

export type TransportFactory = (
  target: PageTarget,
  onCancel: (requestId: string) => void,
) => RequestTransport;

export interface PageRequests {
  request<K extends MethodName<PageChannel>>(
    target: number | PageTarget,
    method: K,
    payload: RequestOf<PageChannel, K>,
    options?: RequestOptions,
  ): Promise<Result<ResponseOf<PageChannel, K>>>;
}

/** Whether the bridge may get requests in `target` now: null, or the refusal. */
export type PageAdmission = (target: PageTarget) => Promise<ProtocolFailure | null>;

export function createPageRequests(
  transportFor: TransportFactory,
  admit?: PageAdmission,
): PageRequests {
  return {
    async request(rawTarget, method, payload, options) {
      const target = typeof rawTarget === 'number' ? { tabId: rawTarget } : rawTarget;
      // A cancel only stops work already admitted; it is never refused.
      const refusal =
        method === 'page/cancel' || !admit
          ? null
          : await admit(target).catch(
              () =>
                // Fail closed: a page whose access cannot be checked is not read.
                new ProtocolFailure(
                  'PAGE_NOT_GRANTED',
                  'Side Agent could not check whether it is allowed on this page, so it did not read it.',
                ),
            );
      if (refusal) {
        const { code, message } = refusal;
        return { ok: false, error: { code, message } };
      }
      const cancelOnPage = (requestId: string) => {
        const cancelClient = createClient(
          pageChannel,
          transportFor(target, () => undefined),
        );
        void cancelClient.request('page/cancel', { targetRequestId: requestId });
      };
      return createClient(pageChannel, transportFor(target, cancelOnPage)).request(
        method,
        payload,
        options,
      );
    },
  };
}
