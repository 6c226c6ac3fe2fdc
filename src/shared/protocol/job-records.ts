// ## Owns
// The shape of a scheduled job (the web agent's deferred and recurring work) as it
// is stored, shown in the panel's Scheduled view and validated on read: its kind,
// schedule, target, lifecycle status and last result. One declaration for the
// worker's job manager and the panel.
// ## Why bounded
// Jobs are read back after restarts and upgrades: every field is bounded so a damaged
// record is skipped on read instead of breaking the whole list.
import { z } from '../schema/zod';
import { IdSchema, TabIdSchema, TimestampSchema, boundedString } from '../schema/bounded';
import { AgentModeSchema } from './agent-modes';
import { ChatScopeSchema } from './chat-records';

export const MAX_JOB_TITLE_CHARS = 120;
export const MAX_JOB_PROMPT_CHARS = 8_000;
export const MAX_JOB_MESSAGE_CHARS = 1_000;
/** Recurring jobs repeat every 1 minute up to 1 year. */
export const MIN_INTERVAL_MINUTES = 1;
export const MAX_INTERVAL_MINUTES = 525_600;

export const JOB_STATUSES = [
  'pending',
  'queued',
  'running',
  'needs_user_input',
  'paused',
  'completed',
  'cancelled',
  'failed',
] as const;
export const JobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatusSchema>;

export const JobScheduleSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('once'), runAt: TimestampSchema }),
  z.strictObject({
    type: z.literal('recurring'),
    intervalMinutes: z.number().int().min(MIN_INTERVAL_MINUTES).max(MAX_INTERVAL_MINUTES),
    /** The first run; later runs follow every `intervalMinutes`. */
    startAt: TimestampSchema,
  }),
]);
export type JobSchedule = z.infer<typeof JobScheduleSchema>;

const UrlSchema = boundedString(2_048).regex(/^https?:\/\//);

export const JobTargetSchema = z.discriminatedUnion('type', [
  /** The tab the job was made in; the run refuses if it is gone or on another site. */
  z.strictObject({ type: z.literal('current_tab'), tabId: TabIdSchema, url: UrlSchema }),
  /** A page opened, or an open tab of it reused, when the run starts. */
  z.strictObject({ type: z.literal('url'), url: UrlSchema }),
]);
export type JobTarget = z.infer<typeof JobTargetSchema>;

export const JobOutcomeSchema = z.enum(['done', 'error', 'cancelled', 'refused']);
export type JobOutcome = z.infer<typeof JobOutcomeSchema>;

export const JobResultSchema = z.strictObject({
  at: TimestampSchema,
  outcome: JobOutcomeSchema,
  /** Plain words for the person: what happened, and why when it did not run. */
  message: boundedString(MAX_JOB_MESSAGE_CHARS),
  code: boundedString(64).nullable(),
  /** The chat the run wrote to (the Scheduled view links to it). */
  sessionId: IdSchema.nullable(),
});
export type JobResult = z.infer<typeof JobResultSchema>;

export const JobSchema = z.strictObject({
  id: IdSchema,
  kind: z.enum(['resume', 'task']),
  title: boundedString(MAX_JOB_TITLE_CHARS).min(1),
  /** `task`: the stored prompt; `resume`: the instruction the chat continues with. */
  prompt: boundedString(MAX_JOB_PROMPT_CHARS).min(1),
  schedule: JobScheduleSchema,
  target: JobTargetSchema,
  /** The chat's scope; `resume` continues `sessionId`, `task` starts a new chat each run. */
  scope: ChatScopeSchema,
  sessionId: IdSchema.nullable(),
  modelId: IdSchema,
  agentMode: AgentModeSchema,
  status: JobStatusSchema,
  /** When the alarm is due; null when nothing is due (paused, terminal, running). */
  nextRunAt: TimestampSchema.nullable(),
  /** Times the run was put off because its tab was busy, since it was last due. */
  deferrals: z.number().int().min(0),
  /** Failed runs in a row (recurring jobs back off, then stop). */
  failures: z.number().int().min(0),
  runCount: z.number().int().min(0),
  /** Why the job is paused, failed or waiting, in plain words; null otherwise. */
  note: boundedString(MAX_JOB_MESSAGE_CHARS).nullable(),
  lastResult: JobResultSchema.nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Job = z.infer<typeof JobSchema>;

/** What a person or a tool asks for when making a job (validated by the lifecycle). */
export const NewJobSchema = JobSchema.pick({
  kind: true,
  title: true,
  prompt: true,
  schedule: true,
  target: true,
  scope: true,
  sessionId: true,
  modelId: true,
  agentMode: true,
});
export type NewJob = z.infer<typeof NewJobSchema>;

/** What the Scheduled view may change on a job that is not running. */
export const JobEditSchema = z.strictObject({
  title: boundedString(MAX_JOB_TITLE_CHARS).min(1).optional(),
  prompt: boundedString(MAX_JOB_PROMPT_CHARS).min(1).optional(),
  schedule: JobScheduleSchema.optional(),
});
export type JobEdit = z.infer<typeof JobEditSchema>;
