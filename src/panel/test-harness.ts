// ## Owns
// The test harness hook of the panel page, for end-to-end tests and the stream
// benchmark only: it is installed only when the page was opened with `?test-harness`
// in its URL, and it exposes the controller and the same validating event router the
// worker port feeds. Only code already running in this extension page can reach it,
// and that code could post to the router anyway; it grants nothing a page or content
// script could use.
import type { EventRouter } from '../shared/protocol/router';
import type { PanelController } from './app/panel-controller';

const FLAG = 'test-harness';

/** Installs `__sideAgentTestHarness` when the page URL asks for it. */
export function installTestHarness(
  search: string,
  panel: PanelController,
  router: EventRouter,
  signal: AbortSignal,
): void {
  if (!new URLSearchParams(search).has(FLAG)) return;
  const deliver = (message: unknown) => router.handle(message, { sender: 'worker', signal });
  Object.assign(globalThis, { __sideAgentTestHarness: { panel, deliver } });
}
