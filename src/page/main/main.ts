// Composition root of the MAIN-world runtime. Idempotent and versioned: the same
// version injected again (registration, direct injection and the fallback loader
// may all deliver it) is a no-op; an older runtime is disposed and replaced, and the
// new one announces itself so relays shake hands with it without a page reload.
// Only the page part of the site serving this page is started; every other site's
// methods are refused with SITE_NOT_ACTIVE.
import type { RequestHandlers } from '../../shared/protocol/define-channel';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import { MAIN_RUNTIME_VERSION } from '../../shared/protocol/page-bridge';
import { createRequestRouter } from '../../shared/protocol/router';
import { runtimePageChannel, type RuntimePageChannel } from '../../sites/page-channel';
import { siteForUrl } from '../../sites/sites';
import { createDocumentHandlers } from '../kit/document-handlers';
import type { PageSite } from '../kit/page-site';
import { createBridgeEndpoint } from './bridge-endpoint';
import { createMainBridgePort } from './bridge-transport';
import { PAGE_SITES } from './page-sites';

const RUNTIME_KEY = Symbol.for('side-agent.main-runtime');

interface InstalledRuntime {
  readonly version: number;
  dispose(): void;
  /** Diagnostics for tests and bug reports; holds no secrets. */
  stats(): { handshakes: number; refused: Readonly<Record<string, number>>; site: string | null };
}

function refusing(part: PageSite): Record<string, () => never> {
  const refuse = () => {
    throw new ProtocolFailure('SITE_NOT_ACTIVE', `This page is not served by ${part.site.id}.`);
  };
  return Object.fromEntries(Object.keys(part.site.pageMethods).map((name) => [name, refuse]));
}

export function main(): void {
  const scope = window as unknown as Record<symbol, InstalledRuntime | undefined>;
  const existing = scope[RUNTIME_KEY];
  if (existing && existing.version >= MAIN_RUNTIME_VERSION) return;
  existing?.dispose();

  const lifetime = new AbortController();
  const site = siteForUrl(location.href);
  const active = PAGE_SITES.find((part) => part.site === site) ?? null;
  const started = active?.start(lifetime.signal) ?? null;
  const siteHandlers = Object.assign(
    {},
    ...PAGE_SITES.map((part) => (part === active && started ? started.handlers : refusing(part))),
  ) as Record<string, unknown>;
  const handlers = {
    'page/echo': ({ text }: { text: string }) => ({ text }),
    ...createDocumentHandlers(started?.document ?? null, lifetime.signal),
    ...siteHandlers,
  } as unknown as RequestHandlers<RuntimePageChannel>;
  const port = createMainBridgePort(lifetime.signal);
  const endpoint = createBridgeEndpoint(
    createRequestRouter(runtimePageChannel, handlers),
    (frame) => port.post(frame),
  );
  port.onFrame((frame) => endpoint.receive(frame));

  scope[RUNTIME_KEY] = {
    version: MAIN_RUNTIME_VERSION,
    dispose() {
      lifetime.abort();
      endpoint.dispose();
    },
    stats: () => ({
      handshakes: endpoint.handshakes(),
      refused: endpoint.refused(),
      site: site?.id ?? null,
    }),
  };
  document.documentElement.dataset['sideAgentSite'] = site?.id ?? '';
  port.announce(MAIN_RUNTIME_VERSION);
}
