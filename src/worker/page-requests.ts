// ## Owns
// Typed requests from the worker to a tab's page (isolated relay -> MAIN runtime).
// Every response is validated against the worker-to-page channel by the client;
// a cancelled request also cancels on the page side, so no late work runs there.
import { createClient, type RequestOptions } from '../shared/protocol/client';
import type { MethodName, RequestOf, ResponseOf } from '../shared/protocol/define-channel';
import type { Result } from '../shared/protocol/envelope';
import { workerToPage, type WorkerToPage } from '../shared/protocol/worker-to-page';
import type { RequestTransport } from '../shared/protocol/client';

export type TransportFactory = (
  tabId: number,
  onCancel: (requestId: string) => void,
) => RequestTransport;

export interface PageRequests {
  request<K extends MethodName<WorkerToPage>>(
    tabId: number,
    method: K,
    payload: RequestOf<WorkerToPage, K>,
    options?: RequestOptions,
  ): Promise<Result<ResponseOf<WorkerToPage, K>>>;
}

export function createPageRequests(transportFor: TransportFactory): PageRequests {
  return {
    request(tabId, method, payload, options) {
      const cancelOnPage = (requestId: string) => {
        const cancelClient = createClient(
          workerToPage,
          transportFor(tabId, () => undefined),
        );
        void cancelClient.request('page/cancel', { targetRequestId: requestId });
      };
      return createClient(workerToPage, transportFor(tabId, cancelOnPage)).request(
        method,
        payload,
        options,
      );
    },
  };
}
