// Settings → Site guides: whether Side Agent's notes on well-known websites join web
// chats, and which ones. The list comes from the worker (the panel knows no site);
// a guide turned off is remembered by its id, so a later version's new guides start
// on unless all guides are off.
import { useEffect, useState } from 'preact/hooks';
import type { GeneralSettings, SiteGuideView } from '../../../shared/protocol/settings-messages';
import { formatError, SaveRow } from '../form-field';
import type { SettingsClient } from '../panel-client';
import type { SettingsController } from '../settings-controller';

/** Props of {@link GuidesTab}. */
export interface GuidesTabProps {
  readonly client: SettingsClient;
  readonly controller: SettingsController;
  readonly general: GeneralSettings;
}

/** The site guides form. */
export function GuidesTab({ client, controller, general }: GuidesTabProps) {
  const [guides, setGuides] = useState<readonly SiteGuideView[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [enabled, setEnabled] = useState(general.siteGuidesEnabled);
  const [off, setOff] = useState<ReadonlySet<string>>(new Set(general.siteGuidesOff));
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    void client.request('settings/site-guides', {}).then((result) => {
      if (!live) return;
      // By name: the worker's order is the match order, which means nothing to a person.
      if (result.ok)
        setGuides([...result.data.guides].sort((a, b) => a.name.localeCompare(b.name)));
      else setLoadError(formatError(result.error));
    });
    return () => {
      live = false;
    };
  }, [client]);

  const toggle = (id: string, isOn: boolean) =>
    setOff((current) => {
      const next = new Set(current);
      if (isOn) next.delete(id);
      else next.add(id);
      return next;
    });

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const result = await controller.saveGeneral({
      siteGuidesEnabled: enabled,
      siteGuidesOff: [...off].sort(),
    });
    setStatus(
      result.ok ? { ok: true, text: 'Saved.' } : { ok: false, text: formatError(result.error) },
    );
  };

  return (
    <form class="sa-general sa-guides" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p class="sa-hint">
        Site guides are Side Agent&apos;s own short notes on how well-known websites are laid out
        and where their traps are. On one of these sites, a web chat sends the site&apos;s guide to
        the model with your message. A guide never lets the agent do more than your mode allows.
      </p>
      <div class="sa-field">
        <label>
          <input
            type="checkbox"
            checked={enabled}
            data-testid="guides-enabled"
            onChange={(event) => setEnabled(event.currentTarget.checked)}
          />
          {' Use site guides in web chats'}
        </label>
      </div>
      {guides === null ? (
        <p role="status">{loadError ?? 'Loading the guides\u2026'}</p>
      ) : (
        <fieldset class="sa-guide-list" disabled={!enabled}>
          <legend>Guides ({guides.length})</legend>
          <ul class="sa-list" data-testid="guides-list">
            {guides.map((guide) => (
              <li class="sa-list-item" key={guide.id} data-guide={guide.id}>
                <label class="sa-check sa-grow">
                  <input
                    type="checkbox"
                    checked={!off.has(guide.id)}
                    onChange={(event) => toggle(guide.id, event.currentTarget.checked)}
                  />
                  <span class="sa-grow">
                    <strong>{guide.name}</strong>
                    {guide.category === 'finance' ? (
                      <span class="sa-badge" title="Asks for extra confirmation on money matters">
                        Money
                      </span>
                    ) : null}
                    <span class="sa-hint sa-preview">{guide.hosts.join(', ')}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <SaveRow status={status} />
    </form>
  );
}
