// Under the run's activity: the sites of frames the agent could not read because the
// person has not allowed them, each with "Also allow <host>". The button calls the
// controller straight from the click: it may open the browser's prompt, which needs
// the click's own user gesture. Hosts are page data and render as text only.
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
      <p class="frame-allow-line" data-testid="frame-allow-done">
        Side Agent may now read content from {site.host}. Ask again to include it.
      </p>
    );
  return (
    <p class="frame-allow-line">
      <span>This page embeds content from {site.host} that Side Agent may not read.</span>{' '}
      <button
        type="button"
        class="link-button"
        disabled={site.status === 'busy'}
        data-testid="frame-allow"
        data-host={site.host}
        onClick={() => void controller.allow(site.host)}
      >
        Also allow {site.host}
      </button>
      {site.status === 'denied' ? (
        <span role="alert" data-testid="frame-allow-problem">
          {' '}
          Access to {site.host} was not given, so it stays unread.
        </span>
      ) : null}
      {site.status === 'failed' ? (
        <span role="alert" data-testid="frame-allow-problem">
          {' '}
          {site.message}
        </span>
      ) : null}
    </p>
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
    <section class="notice notice-info frame-allow" data-testid="frame-allow-offer">
      {offer.sites.map((site) => (
        <SiteLine key={site.host} site={site} controller={controller} />
      ))}
    </section>
  );
}
