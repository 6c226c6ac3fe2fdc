// ## Owns
// The shapes of a recorded run trace, shared by the worker that writes them and the
// Traces page that reads them: one summary per run and its numbered events (model
// requests and responses, tool calls and results, approvals, phase marks), plus the
// person's trace settings. Every text here was filtered for secrets before storage.
import { z } from '../schema/zod';
import { IdSchema, TimestampSchema, boundedString } from '../schema/bounded';

/** The parts of a run a trace tells apart. */
export const TRACE_PHASES = ['setup', 'planner', 'vision', 'main-loop', 'naming'] as const;
export const TracePhaseSchema = z.enum(TRACE_PHASES);
export type TracePhase = z.infer<typeof TracePhaseSchema>;

export const TRACE_EVENT_KINDS = [
  'phase',
  'model-request',
  'model-response',
  'tool-call',
  'tool-result',
  'approval',
  'notice',
  'end',
] as const;
export const TraceEventKindSchema = z.enum(TRACE_EVENT_KINDS);
export type TraceEventKind = z.infer<typeof TraceEventKindSchema>;

/** One event's detail (JSON text) is cut here; the cut is marked in the text. */
export const MAX_TRACE_DETAIL_CHARS = 262_144;
/** Events kept per run; later ones are counted, not stored. */
export const MAX_TRACE_EVENTS = 2_000;
export const MAX_TRACE_SUMMARY_CHARS = 500;

export const TraceEventSchema = z.strictObject({
  runId: IdSchema,
  seq: z.number().int().min(0).max(MAX_TRACE_EVENTS),
  at: TimestampSchema,
  kind: TraceEventKindSchema,
  phase: TracePhaseSchema,
  /** Tool or phase name, where the event has one. */
  name: boundedString(200).optional(),
  callId: boundedString(256).optional(),
  /** How long a model call or a tool call took. */
  durationMs: z.number().int().min(0).max(8.64e7).optional(),
  /** One line for the timeline. */
  summary: boundedString(MAX_TRACE_SUMMARY_CHARS),
  /** The request, response, arguments or result as JSON text. */
  detail: boundedString(MAX_TRACE_DETAIL_CHARS + 100),
});
export type TraceEvent = z.infer<typeof TraceEventSchema>;

/** Why recording of a run stopped early, when it did. */
export const TraceStopSchema = z.enum(['TRACE_QUOTA_EXCEEDED', 'TRACE_EVENT_LIMIT']);

export const TraceRunSchema = z.strictObject({
  runId: IdSchema,
  sessionId: IdSchema,
  /** The first words of the person's message (filtered like everything else). */
  title: boundedString(200),
  siteId: boundedString(64),
  startedAt: TimestampSchema,
  endedAt: TimestampSchema.nullable(),
  status: z.enum(['running', 'done', 'error', 'cancelled', 'interrupted']),
  errorCode: boundedString(64).optional(),
  events: z.number().int().min(0),
  /** Characters stored for this run (its events' texts). */
  bytes: z.number().int().min(0),
  stopped: TraceStopSchema.optional(),
});
export type TraceRun = z.infer<typeof TraceRunSchema>;

export const TraceSettingsSchema = z.strictObject({
  /** Off by default: nothing is recorded until the person turns it on. */
  enabled: z.boolean(),
  maxRuns: z.number().int().min(1).max(1_000),
  maxMegabytes: z.number().int().min(1).max(2_000),
});
export type TraceSettings = z.infer<typeof TraceSettingsSchema>;
export const DEFAULT_TRACE_SETTINGS: TraceSettings = {
  enabled: false,
  maxRuns: 50,
  maxMegabytes: 50,
};

/** The export file's format tag, so a reader knows what it holds. */
export const TRACE_EXPORT_FORMAT = 'side-agent-trace/1';
