// Panel -> worker methods for scheduled tasks: the Scheduled view's list and its
// actions (pause, resume, run now, edit, delete) and the scheduled-tasks settings.
// Spread into panel-to-worker.ts; handlers live in src/worker/handlers/job.handlers.ts.
import { z } from '../schema/zod';
import { IdSchema, boundedArray } from '../schema/bounded';
import type { MethodSpec } from './define-channel';
import { JobEditSchema, JobSchema } from './job-records';

/** Most jobs kept (ended ones included); the oldest ended ones make room first. */
export const MAX_JOBS = 200;

export const JobSettingsSchema = z.strictObject({
  /** Off: a job whose time comes is paused instead of run. */
  enabled: z.boolean(),
  /** Scheduled runs still ask before consequential actions (nobody may be watching). */
  confirmConsequential: z.boolean(),
});
export type JobSettings = z.infer<typeof JobSettingsSchema>;
export const DEFAULT_JOB_SETTINGS: JobSettings = { enabled: true, confirmConsequential: true };

export const JobsViewSchema = z.strictObject({
  jobs: boundedArray(JobSchema, MAX_JOBS),
  settings: JobSettingsSchema,
});
export type JobsView = z.infer<typeof JobsViewSchema>;

const JobResponse = z.strictObject({ job: JobSchema });
const ById = z.strictObject({ id: IdSchema });

export const jobRequestMethods = {
  /** Every job, next due first, and the settings. */
  'jobs/list': { request: z.strictObject({}), response: JobsViewSchema },
  /** JOB_STATE_CONFLICT for a running or ended job; JOB_NOT_FOUND for an unknown id. */
  'jobs/pause': { request: ById, response: JobResponse },
  'jobs/resume': { request: ById, response: JobResponse },
  /** Due at once (the alarm handler starts it, or queues it behind a busy tab). */
  'jobs/run-now': { request: ById, response: JobResponse },
  /** A bad schedule (JOB_SCHEDULE_INVALID) changes nothing. */
  'jobs/edit': {
    request: z.strictObject({ id: IdSchema, patch: JobEditSchema }),
    response: JobResponse,
  },
  /** Deletes the job and its alarm; its chats stay. */
  'jobs/delete': { request: ById, response: z.strictObject({ deleted: z.boolean() }) },
  'jobs/save-settings': { request: JobSettingsSchema, response: JobSettingsSchema },
} as const satisfies Record<string, MethodSpec>;
