// Settings → Sites: the sites the person allowed Side Agent on (host, Always or Only
// now, since when) with Revoke, and the empty state. Revoking goes through the worker,
// which removes what the grant asked the browser for and the registration, and stops
// any run on that site.
import { useEffect, useState } from 'preact/hooks';
import type { Result } from '../../../shared/protocol/envelope';
import type {
  AllowedSiteView,
  AllowedSitesView,
} from '../../../shared/protocol/site-access-messages';
import type { SitesViewClient } from '../panel-client';

const formatSince = (since: number) =>
  new Date(since).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function describe(site: AllowedSiteView): string {
  const kind = site.mode === 'always' ? 'Always' : 'Only now (one tab)';
  return `${kind} \u00b7 since ${formatSince(site.since)}`;
}

/** Props of {@link SitesTab}. */
export interface SitesTabProps {
  readonly client: SitesViewClient;
}

/** The Sites tab. */
export function SitesTab({ client }: SitesTabProps) {
  const [view, setView] = useState<AllowedSitesView | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    void client.request('sites/list', {}).then((result) => {
      if (result.ok) setView(result.data);
      else setMessage(result.error.message);
    });
  }, [client]);
  const apply = async (pending: Promise<Result<AllowedSitesView>>) => {
    const result = await pending;
    if (result.ok) {
      setView(result.data);
      setMessage(null);
    } else setMessage(result.error.message);
  };
  const revoke = (site: AllowedSiteView) =>
    void apply(client.request('sites/revoke', { pattern: site.pattern, tabId: site.tabId }));
  if (view === null) return <p role="status">{message ?? 'Loading sites…'}</p>;
  return (
    <section class="sa-sites-tab" aria-label="Allowed sites">
      <p class="sa-hint">
        Side Agent reads and acts only on the sites you allow. Revoking takes effect at once.
      </p>
      {view.sites.length === 0 ? (
        <p class="sa-empty" data-testid="sites-empty">
          No sites allowed yet. Open a website and choose Always allow or Only now in the side
          panel.
        </p>
      ) : (
        <ul class="sa-list" data-testid="sites-list">
          {view.sites.map((site) => (
            <li
              class="sa-list-item"
              key={`${site.pattern} ${site.tabId ?? ''}`}
              data-host={site.host}
            >
              <span class="sa-grow">
                <strong>{site.host}</strong>
                <span class="sa-hint sa-preview">{describe(site)}</span>
              </span>
              <button
                type="button"
                aria-label={`Revoke ${site.host}`}
                data-testid="site-revoke"
                onClick={() => revoke(site)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      {message ? (
        <p class="sa-field-error" role="alert">
          {message}
        </p>
      ) : null}
    </section>
  );
}
