// Words and numbers of the Traces page: how a run ended, sizes, times and the offset
// of an event from its run's start.
import type { TraceRun } from '../../shared/protocol/trace-records';

export function sizeText(bytes: number): string {
  if (bytes < 1_024) return `${bytes} B`;
  if (bytes < 1_048_576) return `${(bytes / 1_024).toFixed(1)} KB`;
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

export const timeText = (at: number) =>
  new Date(at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

export const offsetText = (at: number, start: number) => `+${((at - start) / 1_000).toFixed(2)} s`;

const STATUS_WORDS: Record<TraceRun['status'], string> = {
  running: 'Running',
  done: 'Finished',
  error: 'Ended with an error',
  cancelled: 'Stopped',
  interrupted: 'Interrupted (the browser or extension restarted)',
};

/** How the run ended, in words; its error code, if any, is for Details. */
export const statusText = (status: TraceRun['status']) => STATUS_WORDS[status];
