// Handlers for content script -> worker events. The sender is a relay on a page we
// do not control: these events only update bookkeeping, never trigger privileged
// actions. The one exception, quick attach, opens the side panel (what the toolbar
// button does too) and lets the panel read what the user could add with "+ Add".
import { defineEventHandlers } from '../../shared/protocol/define-channel';
import type { CompletionSignal } from '../../shared/protocol/completion-events';
import { pageToWorker } from '../../shared/protocol/page-to-worker';
import { completionSignal } from '../completion/start-completion';
import type { QuickAttachService } from '../quick-attach';

export interface PageHandlerDeps {
  /** A relay announced its document in a frame of a tab (src/worker/pages/frame-directory.ts). */
  readonly frameReady?: (
    tabId: number,
    report: { frameId: number; documentId: string; linkToken: string | null; url: string },
  ) => void;
  /**
   * A floating quick-attach button was clicked in `tabId`. Called
   * synchronously from the message listener: it opens the panel before any await.
   */
  readonly quickAttach: Pick<QuickAttachService, 'clicked'> & {
    /** A page's top frame is ready: send it the quick-actions toolbar's buttons. */
    pageReady?(tabId: number): void;
  };
  /** A typing signal of inline completion from `tabId`; absent, the running service's. */
  readonly completionSignal?: (tabId: number, signal: CompletionSignal) => void;
  /** The active runs, which Stop on a page (the acting-tab indicator) cancels by tab. */
  readonly runs?: {
    activeRuns(): readonly { readonly runId: string; readonly tabId: number }[];
    cancel(runId: string): unknown;
  };
}

export function createPageHandlers(deps: PageHandlerDeps) {
  return defineEventHandlers(pageToWorker, {
    // Accepting the event is the answer the relay waits for: it marks its document
    // "connected". Runs pin the top document by asking its relay; the frame directory
    // learns which document each frame shows (for trees that span frames).
    'page/ready': (payload, context) => {
      if (context.tabId === undefined || context.frameId === undefined) return;
      deps.frameReady?.(context.tabId, {
        frameId: context.frameId,
        documentId: payload.documentId,
        linkToken: payload.linkToken ?? null,
        url: payload.url,
      });
      if (context.frameId === 0) deps.quickAttach.pageReady?.(context.tabId);
    },
    'page/quick-attach': (payload, context) => {
      // No return of the promise: the content script needs no answer beyond "accepted".
      if (context.tabId !== undefined)
        void deps.quickAttach
          .clicked(context.tabId, payload.kind, payload.eventId, payload.action)
          .catch(() => undefined);
    },
    // Only the top frame's relay forwards these (sites whose editor runs in the MAIN world).
    'page/completion-signal': (payload, context) => {
      if (context.tabId !== undefined && context.frameId === 0)
        (deps.completionSignal ?? completionSignal)(context.tabId, payload);
    },
    // Our indicator lives in the top frame; a subframe has no Stop to press.
    'page/stop-runs': (_payload, context) => {
      if (context.tabId === undefined || context.frameId !== 0 || !deps.runs) return;
      for (const run of deps.runs.activeRuns())
        if (run.tabId === context.tabId) deps.runs.cancel(run.runId);
    },
  });
}
