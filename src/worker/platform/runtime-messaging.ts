// Transport: extension pages and content scripts -> worker (chrome.runtime
// messages), and worker -> panels (one long-lived port per open panel).
// ## Why ports for panel events
// A port gives the worker a list of open panels to stream to, tells it when a
// panel goes away, and the panel's periodic ping over it keeps the MV3 worker
// alive while a run is active (Chrome resets the idle timer on port messages).
import { fail } from '../../shared/protocol/envelope';
import type { EventTransport } from '../../shared/protocol/client';
import type { EventRouter, RequestRouter } from '../../shared/protocol/router';
import { classifySender } from './classify-sender';

export const PANEL_PORT_NAME = 'side-agent-panel';

export interface RuntimeRoutes {
  /** panel-to-worker requests from extension pages. */
  readonly panel: RequestRouter;
  /** page-to-worker events from content scripts. */
  readonly page: EventRouter;
}

const extensionOrigin = () => chrome.runtime.getURL('');

export function listenForRuntimeMessages(routes: RuntimeRoutes): void {
  chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    const classified = classifySender(sender, chrome.runtime.id, extensionOrigin());
    if (!classified) {
      sendResponse(fail('SENDER_NOT_ALLOWED', 'This sender may not message the worker.'));
      return false;
    }
    const context = {
      sender: classified.senderClass,
      ...(classified.tabId !== undefined ? { tabId: classified.tabId } : {}),
      ...(classified.frameId !== undefined ? { frameId: classified.frameId } : {}),
    };
    const router = classified.senderClass === 'extension-page' ? routes.panel : routes.page;
    void router.handle(message, context).then(sendResponse);
    return true;
  });
}

/** Open panel ports; events are broadcast to all, each panel filters by its run. */
export function createPanelPorts(): EventTransport & { readonly count: () => number } {
  const ports = new Set<chrome.runtime.Port>();
  chrome.runtime.onConnect.addListener((port) => {
    if (port.name !== PANEL_PORT_NAME) return;
    const classified = classifySender(port.sender ?? {}, chrome.runtime.id, extensionOrigin());
    if (classified?.senderClass !== 'extension-page') {
      port.disconnect();
      return;
    }
    ports.add(port);
    port.onDisconnect.addListener(() => ports.delete(port));
    // Pings need no answer: receiving them is what keeps the worker alive.
    port.onMessage.addListener(() => undefined);
  });
  return {
    emit(envelope) {
      for (const port of ports) {
        try {
          port.postMessage(envelope);
        } catch {
          ports.delete(port);
        }
      }
    },
    count: () => ports.size,
  };
}
