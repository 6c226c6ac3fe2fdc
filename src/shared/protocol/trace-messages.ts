// ## Owns
// Panel/extension page -> worker methods of the Traces page and Settings → Traces:
// the run list with its sizes, one run's events, delete one or all, and the trace
// settings. Spread into panel-to-worker.ts; handlers in src/worker/handlers/trace.handlers.ts.
import { z } from '../schema/zod';
import { IdSchema, boundedArray } from '../schema/bounded';
import type { MethodSpec } from './define-channel';
import {
  MAX_TRACE_EVENTS,
  TraceEventSchema,
  TraceRunSchema,
  TraceSettingsSchema,
} from './trace-records';

/** Runs listed at most (the retention setting keeps fewer). */
export const MAX_LISTED_TRACES = 1_000;

const ByRun = z.strictObject({ runId: IdSchema });

export const traceRequestMethods = {
  /** Every stored run, newest first, with the settings and the total size. */
  'traces/list': {
    request: z.strictObject({}),
    response: z.strictObject({
      runs: boundedArray(TraceRunSchema, MAX_LISTED_TRACES),
      totalBytes: z.number().int().min(0),
      settings: TraceSettingsSchema,
    }),
  },
  /** One run and its events in order; TRACE_NOT_FOUND for an unknown run. */
  'traces/get': {
    request: ByRun,
    response: z.strictObject({
      run: TraceRunSchema,
      events: boundedArray(TraceEventSchema, MAX_TRACE_EVENTS + 1),
    }),
  },
  'traces/delete': { request: ByRun, response: z.strictObject({ deleted: z.boolean() }) },
  'traces/clear': {
    request: z.strictObject({}),
    response: z.strictObject({ deleted: z.number() }),
  },
  /** Saving smaller limits deletes the oldest runs over them at once. */
  'traces/save-settings': { request: TraceSettingsSchema, response: TraceSettingsSchema },
} as const satisfies Record<string, MethodSpec>;
