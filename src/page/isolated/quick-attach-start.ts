// Starts the floating quick-attach layer (with its quick-actions toolbar) where the
// page's site has a composer that can attach something, in the top frame only, and
// hands the worker's toolbar buttons to it.
import type { Emitter } from '../../shared/protocol/client';
import type { PageToWorker } from '../../shared/protocol/page-to-worker';
import type { QuickActionButton } from '../../shared/protocol/quick-actions';
import type { SiteDefinition } from '../../sites/site-contract';
import { startQuickAttachLayer } from './quick-attach-layer';

export interface FloatingLayer {
  /** Draws the worker's buttons; false where this page has no layer. */
  readonly setActions: (actions: readonly QuickActionButton[]) => boolean;
}

export function startFloatingLayer(
  site: SiteDefinition | null,
  signal: AbortSignal,
  events: Emitter<PageToWorker>,
): FloatingLayer {
  if (!site || site.panel.attachments.length === 0 || window !== window.top)
    return { setActions: () => false };
  // Rendered in this world so a click keeps its user gesture on the way to the worker.
  const layer = startQuickAttachLayer({
    signal,
    emit: (kind, eventId, action) =>
      void events.emit('page/quick-attach', {
        kind,
        eventId,
        ...(action === undefined ? {} : { action }),
      }),
  });
  return {
    setActions: (actions) => {
      layer.toolbar.setActions(actions);
      return true;
    },
  };
}
