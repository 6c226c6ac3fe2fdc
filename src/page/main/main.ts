// Composition root of the MAIN-world runtime. Idempotent and versioned: the same
// version injected again (registration, direct injection and the fallback loader
// may all deliver it) is a no-op; an older runtime is disposed and replaced.
import { defineHandlers } from '../../shared/protocol/define-channel';
import { MAIN_RUNTIME_VERSION } from '../../shared/protocol/page-bridge';
import { createRequestRouter } from '../../shared/protocol/router';
import { workerToPage } from '../../shared/protocol/worker-to-page';
import { createBridgeEndpoint } from './bridge-endpoint';
import { onFrameFromIsolated, postToIsolated } from './bridge-transport';
import { siteFor } from './page-sites';
import { createTypstPageHandlers } from '../../sites/typst/page/typst-page-handlers';

const RUNTIME_KEY = Symbol.for('side-agent.main-runtime');

interface InstalledRuntime {
  readonly version: number;
  dispose(): void;
  /** Diagnostics for tests and bug reports; holds no secrets. */
  stats(): { handshakes: number; refused: Readonly<Record<string, number>> };
}

export function main(): void {
  const scope = window as unknown as Record<symbol, InstalledRuntime | undefined>;
  const existing = scope[RUNTIME_KEY];
  if (existing && existing.version >= MAIN_RUNTIME_VERSION) return;
  existing?.dispose();

  const lifetime = new AbortController();
  const site = siteFor(location.href);
  let endpoint: ReturnType<typeof createBridgeEndpoint> | null = null;
  const handlers = defineHandlers(workerToPage, {
    'page/get-context': () => siteFor(location.href).getContext(),
    'page/ping': () => ({
      runtimeVersion: MAIN_RUNTIME_VERSION,
      handshakes: endpoint?.handshakes() ?? 0,
    }),
    'page/echo': ({ text }) => ({ text }),
    // The endpoint aborts the target's handler when the cancel frame arrives; this
    // handler only answers a cancel that was routed as a request.
    'page/cancel': () => ({ cancelled: false }),
    // typst.app page methods: the handlers live with the site adapter.
    ...createTypstPageHandlers(lifetime.signal),
  });
  endpoint = createBridgeEndpoint(createRequestRouter(workerToPage, handlers), postToIsolated);
  const bridge = endpoint;
  onFrameFromIsolated((frame) => bridge.receive(frame), lifetime.signal);

  scope[RUNTIME_KEY] = {
    version: MAIN_RUNTIME_VERSION,
    dispose() {
      lifetime.abort();
      bridge.dispose();
    },
    stats: () => ({ handshakes: bridge.handshakes(), refused: bridge.refused() }),
  };
  document.documentElement.dataset['sideAgentSite'] = site.id;
}
