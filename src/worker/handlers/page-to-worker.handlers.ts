// Handlers for content script -> worker events. The sender is a relay on a page we
// do not control: these events only update bookkeeping, never trigger privileged
// actions. The one exception, quick attach, opens the side panel (what the toolbar
// button does too) and lets the panel read what the user could add with "+ Add".
import { defineEventHandlers } from '../../shared/protocol/define-channel';
import { pageToWorker, type QuickAttachKind } from '../../shared/protocol/page-to-worker';

export interface PageHandlerDeps {
  /**
   * A floating quick-attach button was clicked in `tabId`. Called
   * synchronously from the message listener: it opens the panel before any await.
   */
  readonly quickAttach: (tabId: number, kind: QuickAttachKind, eventId: string) => Promise<void>;
}

export function createPageHandlers(deps: PageHandlerDeps) {
  return defineEventHandlers(pageToWorker, {
    // Accepting the event is the answer the relay waits for: it marks its document
    // "connected". Runs learn a document's id by asking its relay, not from this event.
    'page/ready': () => undefined,
    'page/quick-attach': (payload, context) => {
      // No return of the promise: the content script needs no answer beyond "accepted".
      if (context.tabId !== undefined)
        void deps.quickAttach(context.tabId, payload.kind, payload.eventId).catch(() => undefined);
    },
  });
}
