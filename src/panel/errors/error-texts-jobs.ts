// Person-facing texts of the scheduled-task errors. A refusal changed nothing, and a
// task that could not run is still listed in Settings → Scheduled with the reason.
import type { ErrorCode } from '../../shared/protocol/error-codes';
import type { ErrorTextEntry } from './error-text-types';

export const JOB_TEXTS = {
  JOB_SCHEDULE_INVALID:
    'That schedule cannot be used (1 minute to 1 year, not in the past). Nothing was changed.',
  JOB_NOT_FOUND: 'That scheduled task no longer exists. The list was refreshed.',
  JOB_STATE_CONFLICT:
    'That cannot be done to the task right now (it is running or has ended). Nothing was changed.',
  JOB_LIMIT_REACHED:
    'There are too many scheduled tasks. Delete some in Settings → Scheduled first.',
  JOB_TARGET_TAB_GONE: 'The scheduled task did not run: the tab it was made in is closed.',
  JOB_TARGET_NAVIGATED: 'The scheduled task did not run: its tab now shows another site.',
  JOB_QUEUE_EXHAUSTED: 'The scheduled task did not run: its tab stayed busy too long.',
  JOB_FAILING: 'The scheduled task was stopped after failing several times in a row.',
  JOBS_DISABLED: 'Scheduled tasks are not available here.',
} as const satisfies Partial<Record<ErrorCode, ErrorTextEntry>>;
