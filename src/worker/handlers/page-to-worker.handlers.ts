// Handlers for content script -> worker events. The sender is a relay on a page we
// do not control: these events only update bookkeeping, never trigger actions.
import { defineEventHandlers } from '../../shared/protocol/define-channel';
import { pageToWorker } from '../../shared/protocol/page-to-worker';

export interface PageHandlerDeps {
  /** Records that a tab's bridge is ready (used for diagnostics and waits). */
  readonly markReady: (tabId: number, runtimeVersion: number) => void;
}

export function createPageHandlers(deps: PageHandlerDeps) {
  return defineEventHandlers(pageToWorker, {
    'page/ready': (payload, context) => {
      if (context.tabId !== undefined) deps.markReady(context.tabId, payload.runtimeVersion);
    },
  });
}
