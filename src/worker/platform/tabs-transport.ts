// Transport: worker -> the isolated relay of one tab (chrome.tabs.sendMessage).
// The relay answers every request within its own 12 s timeout; the worker keeps a
// slightly longer guard so a relay that vanished mid-request (tab closed, page
// navigated) still ends the wait with a code.
import { ProtocolFailure, type Envelope } from '../../shared/protocol/envelope';
import type { RequestTransport } from '../../shared/protocol/client';
import { PAGE_REQUEST_TIMEOUT_MS } from '../../shared/protocol/limits';
import { linkSignals } from '../../shared/lib/abort';
import { BRIDGE_SOURCE, type TabRequest } from '../../shared/protocol/page-bridge';
import type { PageTarget } from '../page-requests';

const GUARD_MARGIN_MS = 1_000;

function pageUnavailable(error: unknown): ProtocolFailure {
  const message = error instanceof Error ? error.message : String(error);
  return new ProtocolFailure('PAGE_UNAVAILABLE', `The page did not answer: ${message}`);
}

export function createTabsTransport(
  target: PageTarget,
  onCancel: (requestId: string) => void,
  timeoutMs = PAGE_REQUEST_TIMEOUT_MS + GUARD_MARGIN_MS,
): RequestTransport {
  return {
    send(envelope: Envelope, signal?: AbortSignal) {
      const guard = linkSignals([signal], timeoutMs);
      return new Promise<unknown>((resolve, reject) => {
        const onAbort = () => {
          if (envelope.requestId !== undefined && envelope.type !== 'page/cancel')
            onCancel(envelope.requestId);
          const reason: unknown = guard.signal.reason;
          reject(
            reason instanceof ProtocolFailure
              ? reason
              : new ProtocolFailure('CANCELLED', 'The page request was cancelled.'),
          );
        };
        if (guard.signal.aborted) return onAbort();
        guard.signal.addEventListener('abort', onAbort, { once: true });
        const frame: TabRequest = {
          bridge: BRIDGE_SOURCE,
          envelope,
          ...(target.documentId !== undefined ? { documentId: target.documentId } : {}),
        };
        chrome.tabs.sendMessage(target.tabId, frame, { frameId: target.frameId ?? 0 }).then(
          (response: unknown) => {
            guard.signal.removeEventListener('abort', onAbort);
            guard.abort();
            // No listener in the tab resolves with undefined on some browsers.
            if (response === undefined)
              reject(new ProtocolFailure('PAGE_UNAVAILABLE', 'No relay answered in this tab.'));
            else resolve(response);
          },
          (error: unknown) => {
            guard.signal.removeEventListener('abort', onAbort);
            guard.abort();
            reject(pageUnavailable(error));
          },
        );
      });
    },
  };
}
