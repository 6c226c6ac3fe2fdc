// ## Owns
// A schedule's times from a tool's arguments (`after_seconds`, `run_at`,
// `every_minutes`) and the plain words the approval card and the tool result use
// ("every 5 minutes from 5 Jan 2026, 10:00"), so the person approves exactly what
// will run.
import type { JobSchedule } from '../../../../shared/protocol/job-records';

const MINUTE_MS = 60_000;

export type When =
  { readonly ok: true; readonly at: number } | { readonly ok: false; readonly message: string };

/** The first run time: `after_seconds` from now, or `run_at` (ISO 8601); one of them. */
export function firstRunAt(
  args: { readonly after_seconds?: number | undefined; readonly run_at?: string | undefined },
  now: number,
  fallback: number | null,
): When {
  if (args.after_seconds !== undefined && args.run_at !== undefined)
    return { ok: false, message: 'Give after_seconds or run_at, not both.' };
  if (args.after_seconds !== undefined) return { ok: true, at: now + args.after_seconds * 1_000 };
  if (args.run_at !== undefined) {
    const at = Date.parse(args.run_at);
    if (Number.isNaN(at))
      return { ok: false, message: 'run_at must be an ISO 8601 time, e.g. 2026-01-05T09:30:00Z.' };
    return { ok: true, at };
  }
  if (fallback !== null) return { ok: true, at: fallback };
  return { ok: false, message: 'Say when: after_seconds or run_at.' };
}

/** "every minute", "every 5 minutes", "every 2 hours", "every day", "every 3 weeks". */
export function intervalWords(minutes: number): string {
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

export const timeWords = (at: number): string =>
  new Date(at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The whole schedule in words: "once, 5 Jan 2026, 10:00" or "every hour from …". */
export function scheduleWords(schedule: JobSchedule, now: number): string {
  if (schedule.type === 'recurring')
    return `${intervalWords(schedule.intervalMinutes)} from ${timeWords(schedule.startAt)}`;
  return schedule.runAt - now < MINUTE_MS ? 'now, once' : `once, ${timeWords(schedule.runAt)}`;
}
