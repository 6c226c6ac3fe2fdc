// Settings → Profile: the details autofill may type into forms (fill_from_profile),
// encrypted on this device with a passphrase the person unlocks once per browser
// session. Set a passphrase, unlock, lock, add / edit / remove entries, forget the
// profile. Values are shown as plain text only.
import { useEffect, useState } from 'preact/hooks';
import type { ProfileView } from '../../../shared/protocol/profile-messages';
import type { Result } from '../../../shared/protocol/envelope';
import { ConfirmDialog } from '../../sessions/confirm-dialog';
import { formatError } from '../form-field';
import type { ProfileViewClient } from '../panel-client';
import { ProfileEntryForm } from './profile-entry-form';
import { PassphraseForm } from './profile-passphrase-form';

/** Props of {@link ProfileTab}. */
export interface ProfileTabProps {
  readonly client: ProfileViewClient;
}

export function ProfileTab({ client }: ProfileTabProps) {
  const [view, setView] = useState<ProfileView | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [forgetting, setForgetting] = useState(false);
  /** Applies a worker answer; resolves to its error text, or null. */
  const apply = (result: Result<ProfileView>): string | null => {
    if (!result.ok) return formatError(result.error);
    setView(result.data);
    return null;
  };
  useEffect(() => {
    void client.request('profile/status', {}).then((result) => setMessage(apply(result)));
  }, [client]);
  if (view === null) return <p role="status">{message ?? 'Loading profile…'}</p>;
  const intro = (
    <p class="sa-hint">
      Details you save here are encrypted on this device with your passphrase. The agent only sees
      the names of entries (“shipping.city”); Side Agent types the values itself, after you approve
      each fill.
    </p>
  );
  const forget = async () => {
    setForgetting(false);
    setMessage(apply(await client.request('profile/forget', {})) ?? 'Profile forgotten.');
  };
  const forgetButton = (
    <button type="button" data-testid="profile-forget" onClick={() => setForgetting(true)}>
      Forget profile
    </button>
  );
  return (
    <section class="sa-profile-tab" aria-label="Profile" data-state={view.state}>
      {intro}
      {view.state === 'none' ? (
        <>
          <p data-testid="profile-none">No profile yet. Choose a passphrase to start one.</p>
          <PassphraseForm
            mode="create"
            onSubmit={async (passphrase) =>
              apply(await client.request('profile/create', { passphrase }))
            }
          />
        </>
      ) : null}
      {view.state === 'locked' ? (
        <>
          <p data-testid="profile-locked">Your profile is locked in this browser session.</p>
          <PassphraseForm
            mode="unlock"
            onSubmit={async (passphrase) =>
              apply(await client.request('profile/unlock', { passphrase }))
            }
          />
          <div class="sa-row">{forgetButton}</div>
        </>
      ) : null}
      {view.state === 'unlocked' ? (
        <>
          {view.entries.length === 0 ? (
            <p class="sa-empty" data-testid="profile-empty">
              No entries yet.
            </p>
          ) : (
            <ul class="sa-list" data-testid="profile-entries" aria-label="Profile entries">
              {view.entries.map((entry) =>
                editing === entry.key ? (
                  <li class="sa-list-item" key={entry.key}>
                    <ProfileEntryForm
                      entry={entry}
                      onCancel={() => setEditing(null)}
                      onSave={async (key, value) => {
                        const request = { key, value, previousKey: entry.key };
                        const problem = apply(await client.request('profile/put-entry', request));
                        if (problem === null) setEditing(null);
                        return problem;
                      }}
                    />
                  </li>
                ) : (
                  <li class="sa-list-item" key={entry.key} data-testid="profile-entry">
                    <span class="sa-grow">
                      <strong data-testid="profile-entry-name">{entry.key}</strong>{' '}
                      <span data-testid="profile-entry-text">{entry.value}</span>
                    </span>
                    <button
                      type="button"
                      aria-label={`Edit ${entry.key}`}
                      onClick={() => setEditing(entry.key)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      aria-label={`Remove ${entry.key}`}
                      onClick={async () =>
                        setMessage(
                          apply(await client.request('profile/remove-entry', { key: entry.key })),
                        )
                      }
                    >
                      Remove
                    </button>
                  </li>
                ),
              )}
            </ul>
          )}
          <ProfileEntryForm
            onSave={async (key, value) =>
              apply(await client.request('profile/put-entry', { key, value }))
            }
          />
          <div class="sa-row">
            <button
              type="button"
              data-testid="profile-lock"
              onClick={async () => setMessage(apply(await client.request('profile/lock', {})))}
            >
              Lock profile
            </button>
            {forgetButton}
          </div>
        </>
      ) : null}
      {message ? (
        <p class="sa-hint" role="status" data-testid="profile-message">
          {message}
        </p>
      ) : null}
      {forgetting ? (
        <ConfirmDialog
          title="Forget your profile?"
          message="Every saved entry will be deleted from this device. Chats are not affected."
          confirmLabel="Forget profile"
          onConfirm={() => void forget()}
          onCancel={() => setForgetting(false)}
        />
      ) : null}
    </section>
  );
}
