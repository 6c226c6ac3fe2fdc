// Settings → Scheduled: the web agent's scheduled tasks (what runs when, what the
// last run did, with a link to its chat) with Pause, Resume, Run now, Edit and
// Delete, and the scheduled-tasks settings. Jobs are made by the agent when the
// person asks for scheduled work; each was approved on its card first.
import { useEffect, useState } from 'preact/hooks';
import type { JobsView, JobSettings } from '../../../shared/protocol/job-messages';
import type { SettingsViewClient } from '../panel-client';
import { formatError, SaveRow } from '../form-field';
import { JobRow, type JobAction } from './job-row';

export interface ScheduledTabProps {
  readonly client: SettingsViewClient;
  readonly onOpenChat?: ((sessionId: string) => void) | undefined;
}

const METHODS = {
  pause: 'jobs/pause',
  resume: 'jobs/resume',
  'run-now': 'jobs/run-now',
} as const;

function JobSettingsForm(props: {
  readonly client: SettingsViewClient;
  readonly settings: JobSettings;
}) {
  const [settings, setSettings] = useState(props.settings);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const result = await props.client.request('jobs/save-settings', settings);
    setStatus(
      result.ok ? { ok: true, text: 'Saved.' } : { ok: false, text: formatError(result.error) },
    );
  };
  return (
    <form class="sa-general" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div class="sa-field">
        <label>
          <input
            type="checkbox"
            checked={settings.enabled}
            data-testid="jobs-enabled"
            onChange={(event) => setSettings({ ...settings, enabled: event.currentTarget.checked })}
          />
          {' Run scheduled tasks (off: a task whose time comes is paused)'}
        </label>
      </div>
      <div class="sa-field">
        <label>
          <input
            type="checkbox"
            checked={settings.confirmConsequential}
            data-testid="jobs-confirm"
            onChange={(event) =>
              setSettings({ ...settings, confirmConsequential: event.currentTarget.checked })
            }
          />
          {' Ask me before consequential actions in scheduled runs'}
        </label>
      </div>
      <SaveRow status={status} testId="jobs-save-settings" />
    </form>
  );
}

export function ScheduledTab({ client, onOpenChat }: ScheduledTabProps) {
  const [view, setView] = useState<JobsView | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const load = async () => {
    const result = await client.request('jobs/list', {});
    if (result.ok) setView(result.data);
    else setMessage(formatError(result.error));
  };
  useEffect(() => void load(), [client]);
  if (view === null) return <p role="status">{message ?? 'Loading scheduled tasks…'}</p>;
  const act = async (id: string, action: JobAction) => {
    const result =
      action === 'delete'
        ? await client.request('jobs/delete', { id })
        : await client.request(METHODS[action], { id });
    setMessage(result.ok ? null : formatError(result.error));
    await load();
  };
  return (
    <section class="sa-scheduled-tab" aria-label="Scheduled tasks">
      <p class="sa-hint">
        Tasks the agent scheduled when you asked it to (you approved each one). Type /schedule in
        the chat to list them there.
      </p>
      <div class="sa-row">
        <button type="button" data-testid="jobs-refresh" onClick={() => void load()}>
          Refresh
        </button>
      </div>
      {view.jobs.length === 0 ? (
        <p class="sa-empty" data-testid="jobs-empty">
          Nothing scheduled. Ask the agent, e.g. “check this page every hour”.
        </p>
      ) : (
        <ul class="sa-list" data-testid="jobs-list" aria-label="Scheduled tasks">
          {view.jobs.map((job) => (
            <JobRow
              key={job.id}
              job={job}
              onOpenChat={onOpenChat}
              onAction={(action) => void act(job.id, action)}
              onEdit={async (patch) => {
                const result = await client.request('jobs/edit', { id: job.id, patch });
                if (!result.ok) return formatError(result.error);
                await load();
                return null;
              }}
            />
          ))}
        </ul>
      )}
      {message ? (
        <p class="sa-hint" role="status" data-testid="jobs-message">
          {message}
        </p>
      ) : null}
      <JobSettingsForm client={client} settings={view.settings} />
    </section>
  );
}
