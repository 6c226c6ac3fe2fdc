// ## Owns
// The isolated relay between the worker and the MAIN-world runtime: it validates
// worker requests against the worker-to-page channel, correlates them with MAIN
// responses by (nonce, requestId), and validates those responses before they go
// back. It never interprets site data.
// ## Never
// Forwards a request the channel does not declare, a frame with another nonce, or
// a response nobody is waiting for.
import { defineHandlers } from '../../shared/protocol/define-channel';
import { ProtocolFailure, type Envelope } from '../../shared/protocol/envelope';
import { PAGE_REQUEST_TIMEOUT_MS } from '../../shared/protocol/limits';
import type { ToIsolatedFrame, ToMainFrame } from '../../shared/protocol/page-bridge';
import { BRIDGE_SOURCE } from '../../shared/protocol/page-bridge';
import { createRequestRouter, type RequestRouter } from '../../shared/protocol/router';
import { workerToPage } from '../../shared/protocol/worker-to-page';
import { PendingRequests } from './pending-requests';

export interface RelayOptions {
  readonly nonce: string;
  readonly post: (frame: ToMainFrame) => void;
  readonly onReady?: (runtimeVersion: number) => void;
  readonly pending?: PendingRequests;
  /** How long a cancelled request id is remembered so a late arrival is refused. */
  readonly cancelMemoryMs?: number;
}

export interface RelayStats {
  ready: boolean;
  runtimeVersion: number;
  ignoredFrames: number;
  unknownResponses: number;
}

export interface Relay {
  readonly router: RequestRouter;
  readonly stats: RelayStats;
  /** Feeds a frame that arrived from the MAIN world. */
  receive(frame: ToIsolatedFrame): void;
  /** Rejects everything pending (pagehide) and refuses further work. */
  close(): void;
}

export function createRelay(options: RelayOptions): Relay {
  const pending = options.pending ?? new PendingRequests();
  const cancelMemoryMs = options.cancelMemoryMs ?? PAGE_REQUEST_TIMEOUT_MS;
  const cancelled = new Map<string, ReturnType<typeof setTimeout>>();
  const queue: ToMainFrame[] = [];
  const stats: RelayStats = {
    ready: false,
    runtimeVersion: 0,
    ignoredFrames: 0,
    unknownResponses: 0,
  };
  let closed = false;

  const send = (frame: ToMainFrame) => (stats.ready ? options.post(frame) : queue.push(frame));

  async function forward(
    type: string,
    payload: unknown,
    requestId: string | undefined,
  ): Promise<unknown> {
    if (closed) throw new ProtocolFailure('PAGE_UNLOADED', 'The page is unloading.');
    if (requestId === undefined)
      throw new ProtocolFailure('MISSING_REQUEST_ID', 'Page requests need a requestId.');
    if (cancelled.has(requestId))
      throw new ProtocolFailure('CANCELLED', 'This request was cancelled before it arrived.');
    const answer = pending.wait(requestId);
    const envelope: Envelope = { type, requestId, payload };
    // A request queued before the handshake stays in this relay until MAIN is
    // ready, so a cancel before then means the page never sees it.
    send({ source: BRIDGE_SOURCE, nonce: options.nonce, kind: 'request', requestId, envelope });
    const frame = (await answer) as Extract<ToIsolatedFrame, { kind: 'response' }>['response'];
    if (!frame.ok)
      throw new ProtocolFailure(frame.error.code, frame.error.message, frame.error.details);
    return frame.data;
  }

  const handlers = defineHandlers(workerToPage, {
    'page/get-context': (payload, context) =>
      forward('page/get-context', payload, context.requestId) as never,
    'page/ping': (payload, context) => forward('page/ping', payload, context.requestId) as never,
    'page/echo': (payload, context) => forward('page/echo', payload, context.requestId) as never,
    'page/typst-identity': (payload, context) =>
      forward('page/typst-identity', payload, context.requestId) as never,
    'page/typst-capabilities': (payload, context) =>
      forward('page/typst-capabilities', payload, context.requestId) as never,
    'page/typst-read-document': (payload, context) =>
      forward('page/typst-read-document', payload, context.requestId) as never,
    'page/typst-structure': (payload, context) =>
      forward('page/typst-structure', payload, context.requestId) as never,
    'page/typst-diagnostics': (payload, context) =>
      forward('page/typst-diagnostics', payload, context.requestId) as never,
    'page/typst-selection': (payload, context) =>
      forward('page/typst-selection', payload, context.requestId) as never,
    'page/typst-capture': (payload, context) =>
      forward('page/typst-capture', payload, context.requestId) as never,
    'page/typst-snapshot': (payload, context) =>
      forward('page/typst-snapshot', payload, context.requestId) as never,
    'page/typst-commit': (payload, context) =>
      forward('page/typst-commit', payload, context.requestId) as never,
    'page/typst-show-review': (payload, context) =>
      forward('page/typst-show-review', payload, context.requestId) as never,
    'page/typst-clear-review': (payload, context) =>
      forward('page/typst-clear-review', payload, context.requestId) as never,
    'page/cancel': ({ targetRequestId }) => {
      if (!cancelled.has(targetRequestId)) {
        cancelled.set(
          targetRequestId,
          setTimeout(() => cancelled.delete(targetRequestId), cancelMemoryMs),
        );
      }
      const index = queue.findIndex(
        (frame) => frame.kind === 'request' && frame.requestId === targetRequestId,
      );
      if (index >= 0) queue.splice(index, 1);
      const wasPending = pending.reject(targetRequestId, 'CANCELLED', 'The request was cancelled.');
      if (stats.ready)
        options.post({
          source: BRIDGE_SOURCE,
          nonce: options.nonce,
          kind: 'cancel',
          targetRequestId,
        });
      return { cancelled: wasPending };
    },
  });

  return {
    router: createRequestRouter(workerToPage, handlers),
    stats,
    receive(frame) {
      if (closed || frame.nonce !== options.nonce) {
        stats.ignoredFrames += 1;
        return;
      }
      if (frame.kind === 'ready') {
        if (stats.ready) return;
        stats.ready = true;
        stats.runtimeVersion = frame.runtimeVersion;
        for (const queued of queue.splice(0)) options.post(queued);
        options.onReady?.(frame.runtimeVersion);
        return;
      }
      if (!pending.resolve(frame.requestId, frame.response)) stats.unknownResponses += 1;
    },
    close() {
      closed = true;
      queue.length = 0;
      pending.rejectAll('PAGE_UNLOADED', 'The page is unloading.');
      for (const timer of cancelled.values()) clearTimeout(timer);
      cancelled.clear();
    },
  };
}
