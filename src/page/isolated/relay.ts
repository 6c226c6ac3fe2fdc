// ## Owns
// The isolated relay between the worker and the page runtime: it checks that a worker
// request is meant for this document instance, answers the bridge's own methods
// (context, ping, cancel), runs site methods that live in this world, and forwards the
// rest to the MAIN runtime, correlating answers by (nonce, requestId). It knows no
// site: it validates the methods shared by every page and passes site methods through,
// whose answers the worker validates against the site's schemas.
// ## Never
// Forwards a request for another document, a method that is neither generic nor
// shaped like a site method, a frame with another nonce, or a response nobody waits
// for; and never accepts a `ready` from a runtime of another build.
import {
  EnvelopeSchema,
  ProtocolFailure,
  ResponseFrameSchema,
  fail,
  type Envelope,
  type Result,
} from '../../shared/protocol/envelope';
import type { RequestHandlers } from '../../shared/protocol/define-channel';
import { defineRequestChannel } from '../../shared/protocol/define-channel';
import { documentPageMethods } from '../../shared/protocol/document-methods';
import { layerPageMethods } from '../../shared/protocol/layer-page-methods';
import { PAGE_REQUEST_TIMEOUT_MS } from '../../shared/protocol/limits';
import {
  BRIDGE_SOURCE,
  MAIN_RUNTIME_VERSION,
  TabRequestSchema,
  type ToIsolatedFrame,
  type ToMainFrame,
} from '../../shared/protocol/page-bridge';
import {
  createRequestRouter,
  type RequestRouter,
  type RouteContext,
} from '../../shared/protocol/router';
import { validatePayload } from '../../shared/protocol/validate-payload';
import { genericPageMethods, isSitePageMethod } from '../../shared/protocol/worker-to-page';
import { PendingRequests } from './pending-requests';
import type { QuickActionButton } from '../../shared/protocol/quick-actions';

/** The methods the relay knows the schemas of: generic and document ones. */
const knownChannel = defineRequestChannel('worker-to-page', ['worker'], {
  ...genericPageMethods,
  ...layerPageMethods,
  ...documentPageMethods,
});

/** Site methods answered in this (isolated) world instead of the MAIN runtime. */
export interface LocalPageMethods {
  handles(type: string): boolean;
  readonly router: RequestRouter;
}

export interface RelayOptions {
  readonly nonce: string;
  /** This document instance's id; pinned worker requests must carry it. */
  readonly documentId: string;
  /** Posts to the runtime's port; false when no runtime port is attached yet. */
  readonly post: (frame: ToMainFrame) => boolean;
  /** Whether the page's site runs its page part in the MAIN world. */
  readonly needsMain: boolean;
  /** The site serving this page, as the registry says. */
  readonly siteId: () => string | null;
  readonly local?: LocalPageMethods;
  readonly onReady?: (runtimeVersion: number) => void;
  /** The worker's quick-action buttons for this page's toolbar; false where it has none. */
  readonly quickActions?: (actions: readonly QuickActionButton[]) => boolean;
  readonly pending?: PendingRequests;
  /** How long a cancelled request id is remembered so a late arrival is refused. */
  readonly cancelMemoryMs?: number;
}

export interface RelayStats {
  ready: boolean;
  runtimeVersion: number;
  handshakes: number;
  ignoredFrames: number;
  unknownResponses: number;
  /** `ready` frames refused because their runtime is another build's. */
  otherBuildRuntimes: number;
}

export interface Relay {
  readonly stats: RelayStats;
  /** Handles one worker request frame (a TabRequest). */
  handle(raw: unknown, context: RouteContext): Promise<Result<unknown>>;
  /** Feeds a frame that arrived from the MAIN world. */
  receive(frame: ToIsolatedFrame): void;
  /** The runtime was replaced: drop what the old one holds and shake hands again. */
  runtimeReplaced(): void;
  /** Rejects everything pending (pagehide) and refuses further work. */
  close(): void;
}

export function createRelay(options: RelayOptions): Relay {
  const pending = options.pending ?? new PendingRequests();
  const cancelMemoryMs = options.cancelMemoryMs ?? PAGE_REQUEST_TIMEOUT_MS;
  const cancelled = new Map<string, ReturnType<typeof setTimeout>>();
  const queue: ToMainFrame[] = [];
  const readyWaiters = new Set<() => void>();
  const stats: RelayStats = {
    ready: false,
    runtimeVersion: 0,
    handshakes: 0,
    ignoredFrames: 0,
    unknownResponses: 0,
    otherBuildRuntimes: 0,
  };
  let closed = false;

  const send = (frame: ToMainFrame) => {
    if (!stats.ready || !options.post(frame)) queue.push(frame);
  };
  const bridgeReady = () => !options.needsMain || stats.ready;
  const whenReady = (signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (bridgeReady()) return resolve();
      const timer = setTimeout(() => {
        readyWaiters.delete(done);
        reject(new ProtocolFailure('PAGE_NOT_READY', 'The page runtime did not start in time.'));
      }, PAGE_REQUEST_TIMEOUT_MS);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      readyWaiters.add(done);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        readyWaiters.delete(done);
        reject(new ProtocolFailure('CANCELLED', 'The request was cancelled.'));
      });
    });

  /** Sends a request to the runtime; resolves with its raw response frame. */
  async function forward(envelope: Envelope): Promise<Result<unknown>> {
    if (closed) throw new ProtocolFailure('PAGE_UNLOADED', 'The page is unloading.');
    const requestId = envelope.requestId;
    if (requestId === undefined)
      throw new ProtocolFailure('MISSING_REQUEST_ID', 'Page requests need a requestId.');
    if (cancelled.has(requestId))
      throw new ProtocolFailure('CANCELLED', 'This request was cancelled before it arrived.');
    const answer = pending.wait(requestId);
    // A request queued before the handshake stays in this relay until the runtime is
    // ready, so a cancel before then means the page never sees it.
    send({ source: BRIDGE_SOURCE, nonce: options.nonce, kind: 'request', requestId, envelope });
    return (await answer) as Result<unknown>;
  }

  const unwrapForwarded = async (envelope: Envelope) => {
    const frame = await forward(envelope);
    if (!frame.ok)
      throw new ProtocolFailure(frame.error.code, frame.error.message, frame.error.details);
    return frame.data;
  };

  const localHandlers: RequestHandlers<typeof knownChannel> = {
    'page/get-context': () => ({
      siteId: options.siteId(),
      url: location.href.slice(0, 2_048),
      title: document.title.slice(0, 512),
      documentId: options.documentId,
    }),
    'page/ping': async (_payload, context) => {
      await whenReady(context.signal);
      return {
        runtimeVersion: options.needsMain ? stats.runtimeVersion : 0,
        handshakes: stats.handshakes,
        documentId: options.documentId,
      };
    },
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
    'page/quick-actions': ({ actions }) => ({ shown: options.quickActions?.(actions) ?? false }),
    'page/echo': (payload, context) => forwardKnown('page/echo', payload, context.requestId),
    'document/snapshot': (payload, context) =>
      forwardKnown('document/snapshot', payload, context.requestId),
    'document/commit': (payload, context) =>
      forwardKnown('document/commit', payload, context.requestId),
    'document/show-review': (payload, context) =>
      forwardKnown('document/show-review', payload, context.requestId),
    'document/clear-review': (payload, context) =>
      forwardKnown('document/clear-review', payload, context.requestId),
  };
  // Known methods keep their validated answers: the relay checks them like any caller.
  function forwardKnown(
    type: string,
    payload: unknown,
    requestId: string | undefined,
  ): Promise<never> {
    return unwrapForwarded({
      type,
      payload,
      ...(requestId ? { requestId } : {}),
    }) as Promise<never>;
  }
  const knownRouter = createRequestRouter(knownChannel, localHandlers);

  async function handleSiteMethod(
    envelope: Envelope,
    context: RouteContext,
  ): Promise<Result<unknown>> {
    if (options.local?.handles(envelope.type))
      return options.local.router.handle(envelope, context);
    if (!options.needsMain) {
      return fail('SITE_NOT_ACTIVE', 'This page has no handler for that request.', {
        type: envelope.type.slice(0, 64),
      });
    }
    try {
      const frame = validatePayload(ResponseFrameSchema, await forward(envelope), 'page response');
      return frame.ok ? (frame.data as Result<unknown>) : frame;
    } catch (error) {
      if (error instanceof ProtocolFailure) return fail(error.code, error.message, error.details);
      throw error;
    }
  }

  return {
    stats,
    async handle(raw, context) {
      const frame = validatePayload(TabRequestSchema, raw, 'page request');
      if (!frame.ok) return fail('INVALID_ENVELOPE', frame.error.message, frame.error.details);
      const { envelope, documentId } = frame.data;
      if (documentId !== undefined && documentId !== options.documentId) {
        return fail(
          'PAGE_DOCUMENT_CHANGED',
          'The tab shows another page than the one this request was meant for.',
        );
      }
      if (Object.hasOwn(knownChannel.methods, envelope.type))
        return knownRouter.handle(envelope, context);
      if (!isSitePageMethod(envelope.type)) return knownRouter.handle(envelope, context);
      const checked = validatePayload(EnvelopeSchema, envelope, 'page request envelope');
      if (!checked.ok) return fail('INVALID_ENVELOPE', checked.error.message);
      if (checked.data.requestId === undefined)
        return fail('MISSING_REQUEST_ID', 'Page requests need a requestId.');
      return handleSiteMethod(checked.data, context);
    },
    receive(frame) {
      if (closed || frame.nonce !== options.nonce) {
        stats.ignoredFrames += 1;
        return;
      }
      if (frame.kind === 'ready') {
        // A runtime of another build (an orphaned older one, or a newer one this relay
        // cannot speak for) is not the partner: keep shaking hands until ours answers.
        if (frame.runtimeVersion !== MAIN_RUNTIME_VERSION) {
          stats.otherBuildRuntimes += 1;
          return;
        }
        if (stats.ready) return;
        stats.ready = true;
        stats.handshakes += 1;
        stats.runtimeVersion = frame.runtimeVersion;
        for (const queued of queue.splice(0)) if (!options.post(queued)) queue.push(queued);
        for (const waiter of [...readyWaiters]) waiter();
        readyWaiters.clear();
        options.onReady?.(frame.runtimeVersion);
        return;
      }
      if (!pending.resolve(frame.requestId, frame.response)) stats.unknownResponses += 1;
    },
    runtimeReplaced() {
      // The old runtime is gone with everything it was working on: those requests get
      // an answer now instead of a timeout, and new ones wait for the new handshake.
      stats.ready = false;
      pending.rejectAll('PAGE_RUNTIME_REPLACED', 'The page runtime was replaced; try again.');
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
