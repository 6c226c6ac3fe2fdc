// The panel's typed client for panel -> worker requests and its router for
// worker -> panel events. Components use these, never raw messaging.
import { createClient } from '../shared/protocol/client';
import { panelToWorker } from '../shared/protocol/panel-to-worker';
import { createEventRouter } from '../shared/protocol/router';
import type { EventHandlers } from '../shared/protocol/define-channel';
import { workerToPanel, type WorkerToPanel } from '../shared/protocol/worker-to-panel';
import { connectEventPort, runtimeRequestTransport } from './transport/runtime-transport';

export const worker = createClient(panelToWorker, runtimeRequestTransport);

/**
 * Subscribes to worker events. `isActiveRun` decides which run's events are shown;
 * events of other runs fail the router's runId check and are dropped.
 */
export function subscribeToWorker(
  handlers: EventHandlers<WorkerToPanel>,
  isActiveRun: (runId: string) => boolean,
  signal: AbortSignal,
  onReconnect?: () => void,
): void {
  const router = createEventRouter(workerToPanel, handlers, { isActiveRun });
  connectEventPort(
    (message) => void router.handle(message, { sender: 'worker', signal }),
    signal,
    onReconnect,
  );
}
