// Composition root of the isolated content script (typst.app, document_start).
// Idempotent per isolated world: the worker may inject it again into a tab that
// already runs it. After an extension update Chrome starts a new isolated world,
// so a new relay (new nonce) handshakes with the MAIN runtime that is still there.
import { createEmitter } from '../../shared/protocol/client';
import { BRIDGE_SOURCE } from '../../shared/protocol/page-bridge';
import { BRIDGE_HANDSHAKE_RETRY_MS } from '../../shared/protocol/limits';
import { pageToWorker } from '../../shared/protocol/page-to-worker';
import { createId } from '../../shared/lib/ids';
import { onFrameFromMain, postToMain } from './bridge-transport';
import { scheduleFallbackLoader } from './fallback-loader';
import { startQuickAttachLayer } from './quick-attach-layer';
import { createRelay } from './relay';
import { createWorkerEventTransport, onWorkerRequest } from './worker-transport';

const INSTALLED = Symbol.for('side-agent.isolated-relay');
/** After this long without a handshake, retry the init frame less often. */
const FAST_HANDSHAKE_WINDOW_MS = 5_000;
const SLOW_HANDSHAKE_RETRY_MS = 1_000;

export function main(): void {
  const scope = globalThis as Record<symbol, unknown>;
  if (scope[INSTALLED]) return;
  scope[INSTALLED] = true;

  const nonce = createId();
  const lifetime = new AbortController();
  // A diagnostic marker on <html>: "ready" once the MAIN runtime answered,
  // "connected" once the worker accepted our ready event. It tells tests and bug
  // reports how far the bridge got; the page learns nothing it could not see from
  // the bridge frames themselves.
  const mark = (state: string) => {
    document.documentElement.dataset['sideAgentBridge'] = state;
  };
  const events = createEmitter(
    pageToWorker,
    createWorkerEventTransport((accepted) => mark(accepted ? 'connected' : 'ready')),
  );
  const relay = createRelay({
    nonce,
    post: postToMain,
    onReady: (runtimeVersion) => {
      mark('ready');
      void events.emit('page/ready', { url: location.href.slice(0, 2_048), runtimeVersion });
    },
  });
  onFrameFromMain((frame) => relay.receive(frame), lifetime.signal);
  onWorkerRequest((message) =>
    relay.router.handle(message, { sender: 'worker', signal: lifetime.signal }),
  );

  // Either world may start first (no ordering guarantee at document_start), so
  // the init frame repeats until the MAIN runtime answers.
  const startedAt = Date.now();
  const handshake = () => {
    if (relay.stats.ready || lifetime.signal.aborted) return;
    postToMain({ source: BRIDGE_SOURCE, nonce, kind: 'init' });
    const fast = Date.now() - startedAt < FAST_HANDSHAKE_WINDOW_MS;
    setTimeout(handshake, fast ? BRIDGE_HANDSHAKE_RETRY_MS : SLOW_HANDSHAKE_RETRY_MS);
  };
  handshake();
  scheduleFallbackLoader(
    chrome.runtime.getURL('/page-main.js'),
    () => relay.stats.ready,
    lifetime.signal,
  );
  // Floating "Add to agent" buttons (study CTX-11); rendered here so a click keeps its
  // user gesture on the way to the worker, which opens the side panel with it.
  startQuickAttachLayer({
    signal: lifetime.signal,
    emit: (kind, eventId) => void events.emit('page/quick-attach', { kind, eventId }),
  });

  window.addEventListener(
    'pagehide',
    (event) => {
      // A page kept in the back/forward cache comes back with this relay still
      // installed but its MAIN partner possibly gone; start fresh then.
      relay.close();
      lifetime.abort();
      if (event.persisted) scope[INSTALLED] = false;
    },
    { once: true },
  );
}
