// Handlers for content script -> worker events. The sender is a relay on a page we
// do not control: these events only update bookkeeping, never trigger privileged
// actions. The one exception, quick attach, opens the side panel (what the toolbar
// button does too) and lets the panel read what the user could add with "+ Add".
import { defineEventHandlers } from '../../shared/protocol/define-channel';
import { pageToWorker, type QuickAttachKind } from '../../shared/protocol/page-to-worker';

export interface PageHandlerDeps {
  /** Records that a tab's bridge is ready (used for diagnostics and waits). */
  readonly markReady: (tabId: number, runtimeVersion: number) => void;
  /**
   * A floating quick-attach button was clicked in `tabId` (study CTX-11). Called
   * synchronously from the message listener: it opens the panel before any await.
   */
  readonly quickAttach: (tabId: number, kind: QuickAttachKind, eventId: string) => Promise<void>;
}

export function createPageHandlers(deps: PageHandlerDeps) {
  return defineEventHandlers(pageToWorker, {
    'page/ready': (payload, context) => {
      if (context.tabId !== undefined) deps.markReady(context.tabId, payload.runtimeVersion);
    },
    'page/quick-attach': (payload, context) => {
      // No return of the promise: the content script needs no answer beyond "accepted".
      if (context.tabId !== undefined)
        void deps.quickAttach(context.tabId, payload.kind, payload.eventId).catch(() => undefined);
    },
  });
}
