// One scheduled job in the Scheduled view: title, status, next run, last result
// (with a link to the chat it wrote), and its actions. Edit changes the title, the
// prompt and, for a recurring job, how often it repeats.
import { useState } from 'preact/hooks';
import type { Job, JobEdit } from '../../../shared/protocol/job-records';
import { jobLine, timeWords } from './job-words';

export type JobAction = 'pause' | 'resume' | 'run-now' | 'delete';

export interface JobRowProps {
  readonly job: Job;
  readonly onAction: (action: JobAction) => void;
  /** Resolves to an error text, or null when saved. */
  readonly onEdit: (patch: JobEdit) => Promise<string | null>;
  readonly onOpenChat?: ((sessionId: string) => void) | undefined;
}

const isLive = (job: Job) => job.status === 'running' || job.status === 'needs_user_input';

export function JobRow({ job, onAction, onEdit, onOpenChat }: JobRowProps) {
  const [draft, setDraft] = useState<{ title: string; prompt: string; every: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const result = job.lastResult;
  const update = (field: 'title' | 'prompt' | 'every', value: string) =>
    setDraft((current) => (current ? { ...current, [field]: value } : current));
  const save = async () => {
    if (!draft) return;
    const patch: JobEdit = { title: draft.title, prompt: draft.prompt };
    if (job.schedule.type === 'recurring') {
      const every = Number(draft.every);
      if (!Number.isInteger(every) || every < 1 || every > 525_600)
        return setError('Repeat every 1 to 525,600 minutes.');
      if (every !== job.schedule.intervalMinutes)
        patch.schedule = {
          ...job.schedule,
          intervalMinutes: every,
          startAt: Date.now() + every * 60_000,
        };
    }
    const problem = await onEdit(patch);
    setError(problem);
    if (problem === null) setDraft(null);
  };
  return (
    <li
      class="sa-list-item"
      data-testid="job-row"
      data-job-id={job.id}
      data-job-status={job.status}
    >
      <span class="sa-grow">
        {draft === null ? (
          <>
            <strong data-testid="job-title">{job.title}</strong>
            <span class="sa-hint sa-preview" data-testid="job-line">
              {jobLine(job)}
            </span>
            {job.note ? (
              <span class="sa-hint" data-testid="job-note">
                {job.note}
              </span>
            ) : null}
            {result ? (
              <span class="sa-hint" data-testid="job-result">
                {`Last run ${timeWords(result.at)}: ${result.message} `}
                {result.sessionId && onOpenChat ? (
                  <button
                    type="button"
                    class="sa-link"
                    data-testid="job-open-chat"
                    onClick={() => onOpenChat(result.sessionId ?? '')}
                  >
                    Open its chat
                  </button>
                ) : null}
              </span>
            ) : null}
          </>
        ) : (
          <>
            <input
              type="text"
              aria-label="Title"
              data-testid="job-edit-title"
              value={draft.title}
              onInput={(event) => update('title', event.currentTarget.value)}
            />
            <textarea
              aria-label="What to do"
              data-testid="job-edit-prompt"
              value={draft.prompt}
              onInput={(event) => update('prompt', event.currentTarget.value)}
            />
            {job.schedule.type === 'recurring' ? (
              <input
                type="number"
                min={1}
                aria-label="Repeat every (minutes)"
                data-testid="job-edit-every"
                value={draft.every}
                onInput={(event) => update('every', event.currentTarget.value)}
              />
            ) : null}
            {error ? (
              <span class="sa-field-error" role="alert">
                {error}
              </span>
            ) : null}
          </>
        )}
      </span>
      {draft === null ? (
        <>
          {job.status === 'paused' ? (
            <button type="button" data-testid="job-resume" onClick={() => onAction('resume')}>
              Resume
            </button>
          ) : (
            <button
              type="button"
              data-testid="job-pause"
              disabled={isLive(job) || ['completed', 'cancelled', 'failed'].includes(job.status)}
              onClick={() => onAction('pause')}
            >
              Pause
            </button>
          )}
          <button
            type="button"
            data-testid="job-run-now"
            disabled={isLive(job)}
            onClick={() => onAction('run-now')}
          >
            Run now
          </button>
          <button
            type="button"
            data-testid="job-edit"
            disabled={isLive(job)}
            onClick={() =>
              setDraft({
                title: job.title,
                prompt: job.prompt,
                every:
                  job.schedule.type === 'recurring' ? String(job.schedule.intervalMinutes) : '',
              })
            }
          >
            Edit
          </button>
        </>
      ) : (
        <button type="button" data-testid="job-edit-save" onClick={() => void save()}>
          Save
        </button>
      )}
      <button
        type="button"
        data-testid="job-delete"
        aria-label={`Delete ${job.title}`}
        onClick={() => onAction('delete')}
      >
        Delete
      </button>
    </li>
  );
}
