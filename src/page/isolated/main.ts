// Composition root of the isolated content script. Idempotent per document: the
// worker may inject it again into a tab that already runs it. After an extension
// update Chrome starts a new isolated world, so a new relay (new nonce) handshakes
// with the MAIN runtime that is still there. A page restored from the back/forward
// cache gets a fresh relay with a new document id, so requests pinned to the page as
// it was before are refused instead of reaching the restored one by accident.
import { createEmitter } from '../../shared/protocol/client';
import { pageToWorker } from '../../shared/protocol/page-to-worker';
import { createId } from '../../shared/lib/ids';
import { createIsolatedBridgePort } from './bridge-transport';
import { scheduleFallbackLoader } from './fallback-loader';
import { startFrameLink } from './frame-link';
import { createHandshake } from './handshake';
import { siteForFrame, startIsolatedPart } from './isolated-sites';
import { startCompletionSignalRelay } from './completion-signal-relay';
import { startFloatingLayer } from './quick-attach-start';
import { createRelay } from './relay';
import { createWorkerEventTransport, onWorkerRequest } from './worker-transport';

const INSTALLED = Symbol.for('side-agent.isolated-relay');

export function main(): void {
  const scope = globalThis as Record<symbol, unknown>;
  if (scope[INSTALLED]) return;
  scope[INSTALLED] = true;

  const nonce = createId();
  const documentId = createId();
  const lifetime = new AbortController();
  const isTop = window === window.top;
  const siteNow = () => siteForFrame(location.href, self.origin, isTop);
  const site = siteNow();
  const needsMain = site?.mainWorld === true && isTop;
  // A diagnostic marker on <html>: "ready" once the bridge can serve the page,
  // "connected" once the worker accepted our ready event. It tells tests and bug
  // reports how far the bridge got; the page learns nothing from it it could use.
  const mark = (state: string) =>
    isTop && (document.documentElement.dataset['sideAgentBridge'] = state);
  const events = createEmitter(
    pageToWorker,
    createWorkerEventTransport((accepted) => mark(accepted ? 'connected' : 'ready')),
  );
  const announceReady = (runtimeVersion: number) => {
    mark('ready');
    void events.emit('page/ready', {
      url: location.href.slice(0, 2_048),
      runtimeVersion,
      documentId,
      linkToken: frameLinks.token,
    });
  };
  const port = createIsolatedBridgePort({
    signal: lifetime.signal,
    onFrame: (frame) => relay.receive(frame),
    onAnnounce: () => {
      relay.runtimeReplaced();
      handshake();
    },
  });
  // Which document each of this document's frame elements shows, for stitching trees.
  const frameLinks = startFrameLink({ signal: lifetime.signal, documentId, isTop });
  // The site's own methods, where its page part lives in this world.
  const stopRuns = () => void events.emit('page/stop-runs', {}).catch(() => undefined);
  const local = site
    ? startIsolatedPart(site, lifetime.signal, { isTop, documentId, frameLinks, stopRuns })
    : null;
  // Floating "Add to agent" buttons and quick actions, where the composer can attach.
  const floating = startFloatingLayer(site, lifetime.signal, events);
  const relay = createRelay({
    nonce,
    documentId,
    post: (frame) => port.post(frame),
    needsMain,
    siteId: () => siteNow()?.id ?? null,
    ...(local ? { local } : {}),
    onReady: announceReady,
    quickActions: floating.setActions,
  });
  onWorkerRequest(
    (message) => relay.handle(message, { sender: 'worker', signal: lifetime.signal }),
    lifetime.signal,
  );

  const handshake = createHandshake({
    nonce,
    post: (frame) => port.post(frame),
    isReady: () => relay.stats.ready,
    signal: lifetime.signal,
  });
  if (needsMain) {
    handshake();
    scheduleFallbackLoader(
      chrome.runtime.getURL('/page-main.js'),
      () => relay.stats.ready,
      lifetime.signal,
    );
  } else {
    announceReady(0);
  }
  // Inline completion's typing signals, from a site's MAIN-world editor code.
  if (needsMain) startCompletionSignalRelay(lifetime.signal, events);

  window.addEventListener(
    'pagehide',
    (event) => {
      relay.close();
      lifetime.abort();
      if (!event.persisted) return;
      // Kept in the back/forward cache: come back as a new relay when shown again.
      scope[INSTALLED] = false;
      window.addEventListener('pageshow', () => main(), { once: true });
    },
    { once: true },
  );
}
