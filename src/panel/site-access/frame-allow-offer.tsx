// Under the run's activity: the sites of frames the agent could not read because the
// person has not allowed them, each with "Also allow <host>". The button calls the
// controller straight from the click: it may open the browser's prompt, which needs
// the click's own user gesture. Hosts are page data and render as text only.
import { ShieldCheck, ShieldQuestionMark } from 'lucide-preact';
import type { FrameAllowController, FrameSiteState } from './frame-allow-controller';

function SiteLine({
  site,
  controller,
}: {
  readonly site: FrameSiteState;
  readonly controller: FrameAllowController;
}) {
  if (site.status === 'allowed')
    return (
      <p class="frame-allow-line frame-allow-done" data-testid="frame-allow-done">
        <ShieldCheck size={16} aria-hidden="true" class="frame-allow-icon" />
        <span>Side Agent may now read content from {site.host}. Ask again to include it.</span>
      </p>
    );
  return (
    <div class="frame-allow-line">
      <ShieldQuestionMark size={16} aria-hidden="true" class="frame-allow-icon" />
      <div class="frame-allow-body">
        <p>This page embeds content from {site.host} that Side Agent may not read.</p>
        <button
          type="button"
          class="frame-allow-button"
          disabled={site.status === 'busy'}
          data-testid="frame-allow"
          data-host={site.host}
          onClick={() => void controller.allow(site.host)}
        >
          Also allow {site.host}
        </button>
        {site.status === 'denied' ? (
          <p role="alert" class="frame-allow-problem" data-testid="frame-allow-problem">
            Access to {site.host} was not given, so it stays unread.
          </p>
        ) : null}
        {site.status === 'failed' ? (
          <p role="alert" class="frame-allow-problem" data-testid="frame-allow-problem">
            {site.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The offer of the run shown last on `tabId`; renders nothing without one. */
export function FrameAllowOfferView({
  controller,
  tabId,
}: {
  readonly controller: FrameAllowController;
  readonly tabId: number | null;
}) {
  const offer = controller.offer.value;
  if (!offer || offer.tabId !== tabId) return null;
  return (
    <section class="frame-allow" data-testid="frame-allow-offer">
      {offer.sites.map((site) => (
        <SiteLine key={site.host} site={site} controller={controller} />
      ))}
    </section>
  );
}
