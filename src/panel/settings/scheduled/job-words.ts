// Plain words for a scheduled job in the panel: its status, when it runs next and
// how often. Pure, so the Scheduled view and /schedule say the same thing.
import type { Job, JobStatus } from '../../../shared/protocol/job-records';

export const STATUS_WORDS: Readonly<Record<JobStatus, string>> = {
  pending: 'Scheduled',
  queued: 'Waiting to run',
  running: 'Running',
  needs_user_input: 'Needs your answer',
  paused: 'Paused',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

export const timeWords = (at: number): string =>
  new Date(at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** "every 5 minutes", "every day", "once". */
export function repeatWords(job: Job): string {
  if (job.schedule.type === 'once') return 'once';
  const minutes = job.schedule.intervalMinutes;
  const units: readonly [number, string][] = [
    [10_080, 'week'],
    [1_440, 'day'],
    [60, 'hour'],
    [1, 'minute'],
  ];
  const [size, unit] = units.find(([length]) => minutes % length === 0) ?? [1, 'minute'];
  const count = minutes / size;
  return count === 1 ? `every ${unit}` : `every ${count} ${unit}s`;
}

/** One line: "Scheduled · every hour · next 5 Jan 2026, 10:00". */
export function jobLine(job: Job): string {
  const next = job.nextRunAt === null ? '' : ` \u00b7 next ${timeWords(job.nextRunAt)}`;
  return `${STATUS_WORDS[job.status]} \u00b7 ${repeatWords(job)}${next}`;
}
